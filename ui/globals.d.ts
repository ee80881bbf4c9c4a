/** The source of the library's owner id pattern, written into the bundle when it is built (`define`). */
declare const OWNER_ID_PATTERN_SOURCE: string
