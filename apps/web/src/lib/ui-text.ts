import { guidanceMessages, screenMessages } from '@bank/shared';

/** The web app's own texts (not the spec's); they live in @bank/shared with every other text. */
export const uiText = { ...screenMessages.ui, ...guidanceMessages };
