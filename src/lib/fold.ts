// U3: the one text folding of the API. Text compared "case-insensitively and accent-insensitively
// for every script" (user search, segment text operators, segment titles) is compared in this form,
// computed here in JavaScript and stored beside the original where SQL must compare it: SQLite's
// lower() and LIKE fold ASCII only and PostgreSQL's lower() follows the database's locale, so
// neither database can be asked to fold and still agree with the other.
//
// The steps, in order:
//   1. NFKD: canonical and compatibility decomposition. Accented letters split into base letter and
//      combining marks (é -> e + U+0301), and compatibility forms become their plain letters
//      (ﬁ -> fi, full-width Ａ -> A, ² -> 2, ℡ -> TEL), so text typed on other keyboards matches.
//   2. Lower-case (JavaScript's full, locale-independent mapping; İ becomes i + U+0307, Σ at the end
//      of a word becomes ς), then NFKD again because lower-casing can produce decomposable letters.
//   3. Drop every combining mark, of every script (\p{M}: Mn, Mc, Me). This is what "accents
//      ignored for every script" means here; for scripts whose vowel signs are marks (Devanagari,
//      Thai...) or whose voicing marks are (Japanese kana: が -> か), those are ignored too.
//   4. Letters that are "accented" to a reader but have no decomposition in Unicode: ß -> ss,
//      æ -> ae, œ -> oe, ø -> o, ł -> l, đ/ð -> d, ħ -> h, ı (dotless i) -> i, ŧ -> t, þ -> th, and
//      the final sigma ς -> σ (so ΟΔΟΣ and οδοσ match).
// Nothing else changes: spaces and punctuation are kept (a substring search for "o'brien" must not
// find "obrien"), no trimming. The function is pure and total; folding folded text changes nothing.

const UNDECOMPOSED: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ħ: 'h',
  ı: 'i',
  ŧ: 't',
  þ: 'th',
  ς: 'σ',
};

const MARKS = /\p{M}/gu;
const UNDECOMPOSED_LETTERS = /[ßæœøłđðħıŧþς]/g;

export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .normalize('NFKD')
    .replace(MARKS, '')
    .replace(UNDECOMPOSED_LETTERS, (letter) => UNDECOMPOSED[letter]!);
}
