/**
 * A minimal external store (after excalidraw: the model lives outside React; components
 * subscribe to the slices they draw with useSyncExternalStore).
 */
import { useSyncExternalStore } from 'react';

export class Store<T> {
  private state: T;
  private readonly listeners = new Set<() => void>();

  constructor(initial: T) {
    this.state = initial;
  }

  get = (): T => this.state;

  set(update: Partial<T> | ((state: T) => Partial<T>)): void {
    const patch = typeof update === 'function' ? update(this.state) : update;
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

/** Subscribes a component to one slice; it re-renders only when that slice changes. */
export function useSlice<T, S>(store: Store<T>, select: (state: T) => S): S {
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}
