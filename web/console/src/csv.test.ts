import { describe, expect, it } from 'vitest';
import { csvName, downloadCsv, toCsv } from './csv';
import { captureDownloads } from './testing/consoleApi';

describe('CSV', () => {
  it('quotes what needs quoting and keeps numbers as they are', () => {
    expect(toCsv(['id', 'text', 'days'], [[1, 'plain', -2], [2, 'a, "b"\nc', null]])).toBe(
      'id,text,days\r\n1,plain,-2\r\n2,"a, ""b""\nc",\r\n',
    );
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(toCsv(['t'], [['=HYPERLINK("x")'], ['+63 917'], ['@SUM'], ['-1']])).toBe(
      't\r\n"\'=HYPERLINK(""x"")"\r\n\'+63 917\r\n\'@SUM\r\n\'-1\r\n',
    );
  });

  it('names the file with the time', () => {
    expect(csvName('audit-log', new Date(2025, 2, 4, 9, 5))).toBe('audit-log-20250304-0905.csv');
  });

  it('saves through a link to a UTF-8 text with a byte-order mark', async () => {
    const downloads = captureDownloads();
    downloadCsv('a.csv', 'x\r\n');
    downloads.restore();
    expect(downloads.saved.map((file) => file.name)).toEqual(['a.csv']);
    expect(await downloads.saved[0]!.text).toBe('\uFEFFx\r\n');
  });
});
