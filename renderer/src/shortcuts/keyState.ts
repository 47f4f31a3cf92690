/**
 * Space does two things: a tap plays or pauses the replay, held while dragging it pans the map.
 * The canvas marks a pan here so releasing Space after one does not also toggle playback.
 */
export const keyState = { space: false, spaceUsed: false };
