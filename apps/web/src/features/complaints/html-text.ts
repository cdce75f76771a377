/** True when the HTML holds no visible text (an empty editor answers '' or `<p></p>`). */
export const isBlankHtml = (html: string): boolean =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim().length === 0;
