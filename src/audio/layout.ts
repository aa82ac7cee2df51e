// The waveform box's fixed layout, shared with placeholders shown before the audio is there.

export const TIMELINE_HEIGHT = 20;
export const SPECTROGRAM_HEIGHT = 160;
/** Room for the horizontal scrollbar once zoomed in, so the box never changes height. */
export const SCROLLBAR_ROOM = 12;

/** The waveform box's height in pixels: waveform, time ruler, scrollbar room, spectrogram. */
export function waveformBoxHeight(height = 128, showSpectrogram = false): number {
  return height + TIMELINE_HEIGHT + SCROLLBAR_ROOM + (showSpectrogram ? SPECTROGRAM_HEIGHT : 0);
}
