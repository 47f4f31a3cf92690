/** Opening and saving text files, whichever edition the renderer runs in. */
import type { ComparisonsBeside, FileFilter, OpenedTextFile, SaveOptions, SaveOutcome } from '../../../core/platform/desktopApi.ts';

export interface FileService {
  /** Lets the user pick a file; null when they cancel. */
  openText(filters: FileFilter[]): Promise<OpenedTextFile | null>;
  /** Lets the user save `text` (desktop: save dialog and atomic write; browser: a download). */
  saveText(suggestedName: string, text: string, filters: FileFilter[], options?: SaveOptions): Promise<SaveOutcome>;
  /**
   * Reads a map file named relative to the current scenario file (kind 'lorr': a League of Robot
   * Runners problem's .map, .agents or .tasks file; kind 'level': a level's Tiled or LDtk files).
   * Only the desktop app can (a browser page cannot read files beside another); undefined in the
   * browser edition.
   */
  readMapBesideScenario?: (relativePath: string, kind?: 'map' | 'lorr' | 'level') => Promise<OpenedTextFile>;
  /** The comparisons kept beside the scenario file just opened (NAME.compare.json), read and checked by main; desktop only. */
  readComparisonsBesideScenario?: () => Promise<ComparisonsBeside>;
  /** Lets the user save bytes, a replay clip (desktop: save dialog and atomic write; browser: a download). */
  saveBytes(suggestedName: string, bytes: Uint8Array, mimeType: string, filters: FileFilter[]): Promise<SaveOutcome>;
}
