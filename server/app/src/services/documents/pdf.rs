//! Text laid out on A4 pages and written as a PDF: the paper the copy to
//! keep is printed on (decision 089). It knows headings, paragraphs,
//! label-and-value rows and tables, and nothing of loans.
//!
//! The text is set in Helvetica, one of the standard fonts every PDF reader
//! carries, so no font travels in the file and a copy stays a few kilobytes
//! on mobile data. Its encoding (WinAnsi) has no peso sign, so an amount is
//! written with the currency's code, "PHP 3,000.00", as Philippine forms
//! write it; other characters outside the encoding become their nearest
//! plain spelling.

use super::helvetica;
use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str, TextStr};

const PAGE_WIDTH: f32 = 595.28;
const PAGE_HEIGHT: f32 = 841.89;
const MARGIN: f32 = 56.0;
const TOP: f32 = PAGE_HEIGHT - 60.0;
const BOTTOM: f32 = 64.0;
const TEXT_WIDTH: f32 = PAGE_WIDTH - 2.0 * MARGIN;
/// The label column of label-and-value rows.
const LABEL_WIDTH: f32 = 190.0;
const COLUMN_GAP: f32 = 12.0;

const BODY: f32 = 10.0;
const SMALL: f32 = 8.5;
const HEADING: f32 = 12.0;
const TITLE: f32 = 16.0;

const REGULAR: Name<'static> = Name(b"F1");
const BOLD: Name<'static> = Name(b"F2");

#[derive(Clone, Copy, PartialEq, Eq)]
enum Weight {
    Regular,
    Bold,
}

/// One line of text placed on a page.
struct Line {
    x: f32,
    y: f32,
    size: f32,
    weight: Weight,
    grey: bool,
    text: Vec<u8>,
}

/// A thin rule under a table's head.
struct Rule {
    y: f32,
}

#[derive(Default)]
struct Page {
    lines: Vec<Line>,
    rules: Vec<Rule>,
}

/// How a table column lines up its cells.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

/// Pages being filled from the top down.
pub struct Sheet {
    pages: Vec<Page>,
    y: f32,
}

impl Default for Sheet {
    fn default() -> Self {
        Sheet { pages: vec![Page::default()], y: TOP }
    }
}

impl Sheet {
    /// The document's title, large and bold.
    pub fn title(&mut self, text: &str) {
        self.space(6.0);
        self.block(&wrap(text, TEXT_WIDTH, TITLE, Weight::Bold), MARGIN, TITLE, Weight::Bold, false);
        self.y -= 6.0;
    }

    /// A section heading, kept with at least two lines of what follows.
    pub fn heading(&mut self, text: &str) {
        self.y -= 8.0;
        let lines = wrap(text, TEXT_WIDTH, HEADING, Weight::Bold);
        self.room_for(leading(HEADING) * lines.len() as f32 + 2.0 * leading(BODY));
        self.block(&lines, MARGIN, HEADING, Weight::Bold, false);
        self.y -= 2.0;
    }

    pub fn paragraph(&mut self, text: &str) {
        self.block(&wrap(text, TEXT_WIDTH, BODY, Weight::Regular), MARGIN, BODY, Weight::Regular, false);
        self.y -= 5.0;
    }

    /// A line of small grey print: when and how the copy was made.
    pub fn note(&mut self, text: &str) {
        self.block(&wrap(text, TEXT_WIDTH, SMALL, Weight::Regular), MARGIN, SMALL, Weight::Regular, true);
        self.y -= 4.0;
    }

    /// Label-and-value rows, the label bold on the left; a row never
    /// splits across pages unless it is longer than a page.
    pub fn rows<'a>(&mut self, rows: impl IntoIterator<Item = (&'a str, &'a str)>) {
        let value_x = MARGIN + LABEL_WIDTH + COLUMN_GAP;
        let value_width = TEXT_WIDTH - LABEL_WIDTH - COLUMN_GAP;
        for (label, value) in rows {
            let labels = wrap(label, LABEL_WIDTH, BODY, Weight::Bold);
            let values = wrap(value, value_width, BODY, Weight::Regular);
            let height = leading(BODY) * labels.len().max(values.len()) as f32;
            self.room_for(height.min(TOP - BOTTOM));
            let top = self.y;
            self.block(&labels, MARGIN, BODY, Weight::Bold, false);
            let after_label = self.y;
            self.y = top;
            self.block(&values, value_x, BODY, Weight::Regular, false);
            self.y = self.y.min(after_label) - 5.0;
        }
    }

    /// A table with a bold head and one line per row; columns share the
    /// width in the given proportions.
    pub fn table(&mut self, caption: &str, head: &[(&str, f32, Align)], rows: &[Vec<String>]) {
        self.y -= 4.0;
        self.room_for(leading(HEADING) + 3.0 * leading(BODY));
        self.block(&[encode(caption)], MARGIN, BODY, Weight::Bold, false);
        self.y -= 2.0;
        let total: f32 = head.iter().map(|(_, share, _)| share).sum();
        let columns: Vec<(f32, f32, Align)> = head
            .iter()
            .scan(MARGIN, |x, (_, share, align)| {
                let width = TEXT_WIDTH * share / total;
                let column = (*x, width, *align);
                *x += width;
                Some(column)
            })
            .collect();
        let head_cells: Vec<String> = head.iter().map(|(label, _, _)| (*label).to_owned()).collect();
        self.table_row(&columns, &head_cells, Weight::Bold);
        let rule = Rule { y: self.y - leading(BODY) * 0.35 };
        self.page().rules.push(rule);
        for row in rows {
            if self.y - leading(BODY) < BOTTOM {
                self.new_page();
                self.table_row(&columns, &head_cells, Weight::Bold);
            }
            self.table_row(&columns, row, Weight::Regular);
        }
        self.y -= 6.0;
    }

    /// Starts the next part on a page of its own.
    pub fn page_break(&mut self) {
        if self.y < TOP {
            self.new_page();
        }
    }

    /// The finished file: every page with `footer` at its foot and
    /// `page_label(n, of)` at its right.
    pub fn finish(
        self,
        title: &str,
        language: &str,
        footer: &str,
        page_label: impl Fn(usize, usize) -> String,
    ) -> Vec<u8> {
        let count = self.pages.len();
        let mut pdf = Pdf::new();
        let catalog = Ref::new(1);
        let tree = Ref::new(2);
        let info = Ref::new(3);
        let regular = Ref::new(4);
        let bold = Ref::new(5);
        let first_page = 6;
        let page_ids: Vec<Ref> = (0..count).map(|n| Ref::new(first_page + 2 * n as i32)).collect();
        pdf.catalog(catalog).pages(tree).lang(TextStr(language));
        pdf.pages(tree).kids(page_ids.iter().copied()).count(count as i32);
        pdf.document_info(info).title(TextStr(title)).producer(TextStr("Hiram"));
        pdf.type1_font(regular).base_font(Name(b"Helvetica")).encoding_predefined(Name(b"WinAnsiEncoding"));
        pdf.type1_font(bold).base_font(Name(b"Helvetica-Bold")).encoding_predefined(Name(b"WinAnsiEncoding"));
        for (index, page) in self.pages.into_iter().enumerate() {
            let (page_id, content_id) = (page_ids[index], Ref::new(first_page + 2 * index as i32 + 1));
            let mut writer = pdf.page(page_id);
            writer.media_box(Rect::new(0.0, 0.0, PAGE_WIDTH, PAGE_HEIGHT)).parent(tree).contents(content_id);
            writer.resources().fonts().pair(REGULAR, regular).pair(BOLD, bold);
            writer.finish();
            let mut lines = page.lines;
            let label = encode(&page_label(index + 1, count));
            let label_x = PAGE_WIDTH - MARGIN - width(&label, SMALL, Weight::Regular);
            lines.push(Line {
                x: MARGIN,
                y: 36.0,
                size: SMALL,
                weight: Weight::Regular,
                grey: true,
                text: encode(footer),
            });
            lines.push(Line { x: label_x, y: 36.0, size: SMALL, weight: Weight::Regular, grey: true, text: label });
            pdf.stream(content_id, &content(&lines, &page.rules));
        }
        pdf.finish()
    }

    fn page(&mut self) -> &mut Page {
        self.pages.last_mut().expect("a sheet always has a page")
    }

    fn new_page(&mut self) {
        self.pages.push(Page::default());
        self.y = TOP;
    }

    fn space(&mut self, points: f32) {
        if self.y < TOP {
            self.y -= points;
        }
    }

    /// A new page unless `height` still fits above the bottom margin.
    fn room_for(&mut self, height: f32) {
        if self.y - height < BOTTOM {
            self.new_page();
        }
    }

    /// Lines of one size set from `x` down the page, a new page when one
    /// is full.
    fn block(&mut self, lines: &[Vec<u8>], x: f32, size: f32, weight: Weight, grey: bool) {
        for text in lines {
            if self.y - leading(size) < BOTTOM {
                self.new_page();
            }
            self.y -= leading(size);
            let y = self.y;
            self.page().lines.push(Line { x, y, size, weight, grey, text: text.clone() });
        }
    }

    fn table_row(&mut self, columns: &[(f32, f32, Align)], cells: &[String], weight: Weight) {
        self.y -= leading(BODY);
        let y = self.y;
        for ((x, column_width, align), cell) in columns.iter().zip(cells) {
            let text = fit(cell, column_width - 6.0, BODY, weight);
            let x = match align {
                Align::Left => *x,
                Align::Right => x + column_width - 6.0 - width(&text, BODY, weight),
            };
            self.page().lines.push(Line { x, y, size: BODY, weight, grey: false, text });
        }
    }
}

fn leading(size: f32) -> f32 {
    size * 1.35
}

fn content(lines: &[Line], rules: &[Rule]) -> Vec<u8> {
    let mut content = Content::new();
    for rule in rules {
        content.set_line_width(0.5).set_stroke_gray(0.6);
        content.move_to(MARGIN, rule.y).line_to(PAGE_WIDTH - MARGIN, rule.y).stroke();
    }
    for line in lines {
        content.set_fill_gray(if line.grey { 0.4 } else { 0.0 });
        content.begin_text();
        content.set_font(if line.weight == Weight::Bold { BOLD } else { REGULAR }, line.size);
        content.next_line(line.x, line.y);
        content.show(Str(&line.text));
        content.end_text();
    }
    content.finish().into_vec()
}

/// `text` in WinAnsiEncoding's bytes.
fn encode(text: &str) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(text.len());
    for character in text.chars() {
        match character {
            '₱' => bytes.extend_from_slice(b"PHP "),
            '→' => bytes.extend_from_slice(b"->"),
            '≤' => bytes.extend_from_slice(b"<="),
            '≥' => bytes.extend_from_slice(b">="),
            '\n' | '\t' => bytes.push(b' '),
            other => bytes.push(win_ansi(other).unwrap_or(b'?')),
        }
    }
    bytes
}

/// The WinAnsiEncoding code of a character, where it has one.
fn win_ansi(character: char) -> Option<u8> {
    let code = u32::from(character);
    let byte = match character {
        ' '..='~' => code as u8,
        '\u{a0}'..='\u{ff}' => code as u8,
        '€' => 0x80,
        '‚' => 0x82,
        '„' => 0x84,
        '…' => 0x85,
        '‘' => 0x91,
        '’' => 0x92,
        '“' => 0x93,
        '”' => 0x94,
        '•' => 0x95,
        '–' => 0x96,
        '—' => 0x97,
        '™' => 0x99,
        _ => return None,
    };
    Some(byte)
}

/// The width of encoded text, in points.
fn width(text: &[u8], size: f32, weight: Weight) -> f32 {
    let table = if weight == Weight::Bold { &helvetica::BOLD } else { &helvetica::REGULAR };
    let units: u32 = text.iter().map(|byte| u32::from(table[usize::from(byte.saturating_sub(32))])).sum();
    units as f32 * size / 1000.0
}

/// `text` broken into lines no wider than `max`, at spaces; a word longer
/// than a line is cut where it must be.
fn wrap(text: &str, max: f32, size: f32, weight: Weight) -> Vec<Vec<u8>> {
    let encoded = encode(text);
    let mut lines: Vec<Vec<u8>> = Vec::new();
    let mut line: Vec<u8> = Vec::new();
    for word in encoded.split(|byte| *byte == b' ').filter(|word| !word.is_empty()) {
        let mut candidate = line.clone();
        if !candidate.is_empty() {
            candidate.push(b' ');
        }
        candidate.extend_from_slice(word);
        if width(&candidate, size, weight) <= max {
            line = candidate;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        let mut rest = word;
        while width(rest, size, weight) > max {
            let cut = (1..rest.len()).rev().find(|end| width(&rest[..*end], size, weight) <= max).unwrap_or(1);
            lines.push(rest[..cut].to_vec());
            rest = &rest[cut..];
        }
        line = rest.to_vec();
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// `text` on one line of at most `max`, shortened with "…" if it must be.
fn fit(text: &str, max: f32, size: f32, weight: Weight) -> Vec<u8> {
    let mut encoded = encode(text);
    if width(&encoded, size, weight) <= max {
        return encoded;
    }
    while !encoded.is_empty() && width(&encoded, size, weight) + width(&[0x85], size, weight) > max {
        encoded.pop();
    }
    encoded.push(0x85);
    encoded
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_encoded_for_the_standard_fonts() {
        assert_eq!(encode("₱3,000.00"), b"PHP 3,000.00");
        assert_eq!(encode("days 1–30 → Ñ"), b"days 1\x9630 -> \xd1");
        assert_eq!(encode("日"), b"?");
    }

    #[test]
    fn words_wrap_within_the_width_and_none_is_lost() {
        let text = "Interest accrues each day on the principal still owed, rounded down to the centavo.";
        let lines = wrap(text, 120.0, BODY, Weight::Regular);
        assert!(lines.len() > 2, "{} lines", lines.len());
        assert!(lines.iter().all(|line| width(line, BODY, Weight::Regular) <= 120.0));
        let joined: Vec<u8> = lines.join(&b' ');
        assert_eq!(joined, encode(text));
    }

    #[test]
    fn a_word_longer_than_the_line_is_cut() {
        let lines = wrap(&"9".repeat(60), 100.0, BODY, Weight::Regular);
        assert!(lines.len() >= 2);
        assert_eq!(lines.concat(), b"9".repeat(60));
    }

    #[test]
    fn a_long_sheet_runs_onto_more_pages_each_with_its_label() {
        let mut sheet = Sheet::default();
        sheet.title("A title");
        for n in 0..120 {
            sheet.paragraph(&format!("Paragraph {n} of a long document that must run over several pages."));
        }
        assert!(sheet.pages.len() > 1);
        let pages = sheet.pages.len();
        let file = sheet.finish("A title", "en-PH", "Footer", |n, of| format!("Page {n} of {of}"));
        assert!(file.starts_with(b"%PDF-"));
        let last = format!("(Page {pages} of {pages})");
        assert!(file.windows(last.len()).any(|window| window == last.as_bytes()), "no {last}");
    }
}
