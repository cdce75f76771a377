/**
 * The controls module's public face. Other modules import only this file.
 */
export {};
