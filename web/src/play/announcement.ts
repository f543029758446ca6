/**
 * A referee's announcement (the plain text mailed to the players when a
 * round closes) set out for the page: its title, its sentences, its lists
 * of who did what as rows, and its picture of the grid kept as drawn.
 *
 * The text is laid out for a monospaced mail reader: a heading ends with
 * a colon, the lines under it are indented by two spaces (a list) or drawn
 * (a picture, whose lines start otherwise). Anything else is a sentence.
 * Nothing is read out of the words themselves, so a reworded
 * announcement is still shown whole.
 */

/** One part of an announcement, in the order of its text. */
export type AnnouncementPart =
  | { kind: 'sentence'; text: string }
  | { kind: 'rows'; heading: string; rows: string[][] }
  | { kind: 'picture'; heading: string; lines: string[] };

/** An announcement set out: its first line, and its parts. */
export interface Announcement {
  title: string;
  parts: AnnouncementPart[];
}

const LIST_LINE = /^ {2}\S/;

/** Splits a list line into who and what: `A (Alice)    b2   placed`. */
export function rowCells(line: string): string[] {
  const text = line.trim();
  const columns = /^(.*?\S) {2,}(\S.*)$/.exec(text);
  if (columns) return [columns[1], columns[2].replace(/ {2,}/g, ' ')];
  const named = /^(.*?\S): (.*)$/.exec(text);
  if (named) return [named[1], named[2]];
  return [text];
}

/** The announcement `text` set out in parts. */
export function setOut(text: string): Announcement {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  const first = lines.findIndex((l) => l.trim() !== '');
  if (first < 0) return { title: '', parts: [] };
  const parts: AnnouncementPart[] = [];
  let i = first + 1;
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim() === '') {
      i += 1;
      continue;
    }
    const isHeading = !line.startsWith(' ') && line.endsWith(':');
    if (!isHeading) {
      parts.push({ kind: 'sentence', text: line.trim() });
      i += 1;
      continue;
    }
    const heading = line.slice(0, -1).trim();
    let end = i + 1;
    while (end < lines.length && lines[end].startsWith(' ') && lines[end].trim() !== '') end += 1;
    const under = lines.slice(i + 1, end);
    if (under.length > 0 && under.every((l) => LIST_LINE.test(l))) {
      parts.push({ kind: 'rows', heading, rows: under.map(rowCells) });
    } else if (under.length > 0) {
      parts.push({ kind: 'picture', heading, lines: under });
    } else {
      parts.push({ kind: 'sentence', text: line.trim() });
    }
    i = end;
  }
  return { title: lines[first].trim(), parts };
}
