import { describe, expect, it } from 'vitest';
import { columnName, crc32, sheetName, toXlsx } from './xlsx';
import { money } from './cells';

/** CRC-32 bit by bit, the way the standard states it, to check the table-driven one against. */
function bitwiseCrc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** The files of a ZIP archive, read back from its central directory as any reader would. */
function unzip(archive: Uint8Array): Map<string, string> {
  const view = new DataView(archive.buffer, archive.byteOffset, archive.byteLength);
  const end = archive.byteLength - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const files = new Map<string, string>();
  for (let n = 0; n < count; n += 1) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    const [method, crc, size] = [view.getUint16(at + 10, true), view.getUint32(at + 16, true), view.getUint32(at + 24, true)];
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(archive.subarray(at + 46, at + 46 + nameLength));
    expect(view.getUint32(local, true)).toBe(0x04034b50);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    expect(method).toBe(0);
    const data = archive.subarray(start, start + size);
    expect(bitwiseCrc32(data)).toBe(crc);
    files.set(name, new TextDecoder().decode(data));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return files;
}

describe('an Excel workbook of a report', () => {
  it('computes the CRC-32 ZIP keeps', () => {
    // The standard's check value: CRC-32 of "123456789".
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    for (const text of ['', 'a', 'Hiram ₱1,234.50', 'x'.repeat(1000)]) {
      const bytes = new TextEncoder().encode(text);
      expect(crc32(bytes)).toBe(bitwiseCrc32(bytes));
    }
  });

  it('is a ZIP of the parts a spreadsheet opens, the header and rows in its sheet, money exact', () => {
    const files = unzip(toXlsx('Trial balance', ['Code', 'Account', 'Debit'], [['1100', 'Cash & bank <main>', money(123_456_789)], ['2100', 'Borrower credit', money(-5)], ['', 'Total', 42]]));
    expect([...files.keys()].sort()).toEqual(['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']);
    expect(files.get('xl/workbook.xml')).toContain('<sheet name="Trial balance" sheetId="1" r:id="rId1"/>');
    const sheet = files.get('xl/worksheets/sheet1.xml') ?? '';
    expect(sheet).toContain('<c r="A1" t="inlineStr"><is><t xml:space="preserve">Code</t></is></c>');
    expect(sheet).toContain('<c r="B2" t="inlineStr"><is><t xml:space="preserve">Cash &amp; bank &lt;main&gt;</t></is></c>');
    expect(sheet).toContain('<c r="C2" s="1"><v>1234567.89</v></c>');
    expect(sheet).toContain('<c r="C3" s="1"><v>-0.05</v></c>');
    expect(sheet).toContain('<c r="C4"><v>42</v></c>');
    expect(unzip(toXlsx('x', ['a\u0007b'], [])).get('xl/worksheets/sheet1.xml')).toContain('<t xml:space="preserve">ab</t>');
    expect(sheet).not.toContain('r="A4"');
  });

  it('names columns and sheets as Excel allows', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
    expect(sheetName('Income statement 2026-11-01/2026-11-30 [lender 3]')).toBe('Income statement 2026-11-01 202');
    expect(sheetName('')).toBe('Sheet');
  });
});
