// What the server and the web app's render agree on when the server draws a signed-in page (decision 011):
// the server may not import the web app (decision 003), so the shapes they pass live here.

/**
 * Whose screen a page is drawn for: the language, time zone and family that browser told through its
 * `fst_view` cookie, so that the page the server sent and the one the browser then takes over read the same.
 */
export type View = { locale: string; timeZone: string; tzOffsetMinutes: number; familyId: string | null };

/** A page drawn: its HTML, to go inside `<div id="root">`, and the `<title>` it sets, to go in the head. */
export type Drawn = { html: string; title: string };
