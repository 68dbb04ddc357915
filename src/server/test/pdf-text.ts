import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';

/*
 * Reads a PDF's text back, for tests: it parses the file with pdf-lib, inflates each page's
 * content stream and lexes it, so what it returns is what a viewer draws, one line per
 * text-showing operator (Tj, ', " and TJ). Strings are read as WinAnsi bytes, the encoding of
 * the standard fonts; text in an embedded (CID) font would come back as glyph ids.
 */

// WinAnsi is Latin-1 but for 0x80-0x9F. Not TextDecoder('windows-1252'): Node 20 decodes it as
// Latin-1, so "—" (0x97) would come back as the control character U+0097.
const WIN_ANSI_80_9F = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const winAnsi = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => WIN_ANSI_80_9F[b - 0x80] ?? String.fromCharCode(b)).join('');

export async function pdfPageCount(bytes: Uint8Array): Promise<number> {
  return (await PDFDocument.load(bytes)).getPageCount();
}

/** Every page's text, pages in order, one line per text-showing operator. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const pages = doc.getPages().map((page) => {
    const contents = page.node.Contents();
    if (!contents) return [];
    const streams =
      contents instanceof PDFArray
        ? contents.asArray().map((ref) => doc.context.lookup(ref))
        : [contents];
    // A page split over several streams reads as their concatenation (at token boundaries).
    const parts = streams.map((stream) => {
      if (!(stream instanceof PDFRawStream)) throw new Error('Page content is not a stream.');
      return [...decodePDFRawStream(stream).decode(), 0x0a];
    });
    return showTextStrings(Uint8Array.from(parts.flat()));
  });
  return pages.flat().join('\n');
}

type Operand = Uint8Array | number | string | Operand[];

const isWhite = (c: number) => c === 0 || c === 9 || c === 10 || c === 12 || c === 13 || c === 32;
const isDelimiter = (c: number) => '()<>[]{}/%'.includes(String.fromCharCode(c));

/** Lexes a content stream; returns the text each text-showing operator draws. */
function showTextStrings(data: Uint8Array): string[] {
  const lines: string[] = [];
  let operands: Operand[] = [];
  const openArrays: Operand[][] = [];
  const push = (operand: Operand) => (openArrays.at(-1) ?? operands).push(operand);
  const at = (i: number) => data[i] ?? -1;
  let i = 0;
  while (i < data.length) {
    const c = at(i);
    if (isWhite(c)) {
      i++;
    } else if (c === 0x25) {
      while (i < data.length && at(i) !== 0x0a && at(i) !== 0x0d) i++; // a % comment
    } else if (c === 0x28) {
      const [string, end] = literalString(data, i);
      push(string);
      i = end;
    } else if (c === 0x3c && at(i + 1) === 0x3c) {
      push('<<'); // a dictionary operand (marked content): only its strings are skipped here
      i += 2;
    } else if (c === 0x3e && at(i + 1) === 0x3e) {
      i += 2;
    } else if (c === 0x3c) {
      const end = data.indexOf(0x3e, i);
      if (end < 0) throw new Error('Unterminated hex string.');
      push(hexString(data.subarray(i + 1, end)));
      i = end + 1;
    } else if (c === 0x5b) {
      openArrays.push([]);
      i++;
    } else if (c === 0x5d) {
      push(openArrays.pop() ?? []);
      i++;
    } else {
      let end = i + 1;
      while (end < data.length && !isWhite(at(end)) && !isDelimiter(at(end))) end++;
      const token = winAnsi(data.subarray(i, end));
      i = end;
      if (c === 0x2f) push(token);
      else if (/^[+-]?[\d.]/.test(token)) push(Number(token));
      else {
        const text = operatorText(token, operands);
        if (text !== null) lines.push(text);
        // An inline image's data is binary: skip it to its EI.
        if (token === 'ID') i = inlineImageEnd(data, i + 1);
        operands = [];
      }
    }
  }
  return lines;
}

function operatorText(operator: string, operands: Operand[]): string | null {
  const last = operands.at(-1);
  if ((operator === 'Tj' || operator === "'" || operator === '"') && last instanceof Uint8Array) {
    return winAnsi(last);
  }
  if (operator === 'TJ' && Array.isArray(last)) {
    // A large negative adjustment (thousandths of an em) is how some writers space words.
    return last
      .map((part) => {
        if (part instanceof Uint8Array) return winAnsi(part);
        return typeof part === 'number' && part <= -250 ? ' ' : '';
      })
      .join('');
  }
  return null;
}

function literalString(data: Uint8Array, start: number): [Uint8Array, number] {
  const ESCAPES: Record<number, number> = { 110: 10, 114: 13, 116: 9, 98: 8, 102: 12 };
  const out: number[] = [];
  let depth = 0;
  for (let i = start; i < data.length; i++) {
    const c = data[i] ?? -1;
    if (c === 0x5c) {
      const next = data[++i] ?? -1;
      if (next >= 0x30 && next <= 0x37) {
        let octal = next - 0x30;
        for (let n = 0; n < 2 && (data[i + 1] ?? -1) >= 0x30 && (data[i + 1] ?? -1) <= 0x37; n++) {
          octal = octal * 8 + ((data[++i] ?? 0) - 0x30);
        }
        out.push(octal & 0xff);
      } else if (next === 0x0d) {
        if (data[i + 1] === 0x0a) i++; // a backslash before an end of line continues the line
      } else if (next !== 0x0a) {
        out.push(ESCAPES[next] ?? next);
      }
      continue;
    }
    if (c === 0x28 && depth++ === 0) continue;
    if (c === 0x29 && --depth === 0) return [Uint8Array.from(out), i + 1];
    out.push(c);
  }
  throw new Error('Unterminated literal string.');
}

function hexString(hex: Uint8Array): Uint8Array {
  const digits = winAnsi(hex).replace(/\s/g, '');
  // An odd final digit is followed by an implied 0.
  const padded = digits.length % 2 ? `${digits}0` : digits;
  return Uint8Array.from(padded.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
}

function inlineImageEnd(data: Uint8Array, from: number): number {
  for (let i = from; i + 1 < data.length; i++) {
    const end = data[i + 2];
    if (data[i] === 0x45 && data[i + 1] === 0x49 && isWhite(data[i - 1] ?? 32)) {
      if (end === undefined || isWhite(end)) return i + 2;
    }
  }
  return data.length;
}
