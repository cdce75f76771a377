/** Default width of alert and confirmation dialogs (spec §9: 32rem). */
export const DIALOG_WIDTH = '32rem';
