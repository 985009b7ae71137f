/**
 * The shape of a language's catalogue: English's keys (en.ts is the source), each a string. A complete
 * language is typed `Catalogue`, so the compiler refuses a missing key (or a stray one) in it.
 */
export type Tree<T> = { readonly [K in keyof T]: T[K] extends string ? string : Tree<T[K]> };

/** A language being translated: any key may be missing (English is shown for it). */
export type PartialTree<T> = { readonly [K in keyof T]?: T[K] extends string ? string : PartialTree<T[K]> };

/**
 * Problem titles by problem code (`auth.invalid_credentials`, `not_found`): the English stays in each
 * module's `<area>.errors.ts` (and platform/errors.ts), so English has none here; another language
 * translates the codes of the areas converted so far (server/i18n tests list them) and falls back to
 * the English title for any other.
 */
export type ProblemTitles = Readonly<Record<string, string>>;
