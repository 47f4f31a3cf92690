/**
 * The browser lab's pool starts a task after Run's click, so the click's render (buttons, form and
 * editor locked) comes first; its pause, resume and cancel work from the click on. The logic is
 * core's (core/experiments/deferredStart.ts), shared with main's lab, which starts its pool once
 * the files the runs name are read.
 */
export { deferredStart } from '../../../core/experiments/deferredStart.ts';
