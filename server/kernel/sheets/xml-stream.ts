import { SaxesParser } from 'saxes';

/** What a part's parser reacts to. Names come without their namespace prefix (`x:row` → `row`). */
export interface XmlHandlers {
  open(name: string, attributes: Record<string, string>): void;
  text?(text: string): void;
  close(name: string): void;
}

const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/**
 * Feeds an XML byte stream to a SAX parser and yields after each chunk, so a caller can take the rows its
 * handlers gathered before more bytes are inflated (back-pressure comes from not pulling).
 *
 * This is where exceljs 4.4 went wrong (lib/utils/parse-sax.js): it decoded every chunk of the inflated zip
 * entry on its own, so a UTF-8 character split across two chunks became two U+FFFD. One TextDecoder in
 * stream mode keeps the partial bytes of a character until the next chunk completes it. `fatal` makes bytes
 * that are not UTF-8 at all an error (a malformed file) instead of a silent U+FFFD in someone's data.
 */
export async function* parseXml(source: AsyncIterable<Buffer>, handlers: XmlHandlers): AsyncGenerator<void> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const parser = new SaxesParser({ position: false });
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag) => handlers.open(localName(tag.name), tag.attributes as Record<string, string>));
  parser.on('closetag', (tag) => handlers.close(localName(tag.name)));
  if (handlers.text) {
    const text = (value: string) => handlers.text!(value);
    parser.on('text', text);
    parser.on('cdata', text);
  }
  for await (const chunk of source) {
    parser.write(decoder.decode(chunk, { stream: true }));
    if (failure) throw failure;
    yield;
  }
  parser.write(decoder.decode());
  parser.close();
  if (failure) throw failure;
}

/** Runs a parse to its end (parts read whole: workbook, relationships, styles, shared strings). */
export async function parseXmlWhole(source: AsyncIterable<Buffer>, handlers: XmlHandlers): Promise<void> {
  for await (const _ of parseXml(source, handlers)) {
    // nothing to interleave
  }
}

/** An attribute by local name, whatever prefix the writer gave it (`r:id`, `ns1:id`). */
export function prefixedAttribute(attributes: Record<string, string>, local: string): string | undefined {
  for (const [name, value] of Object.entries(attributes)) {
    if (name.includes(':') && localName(name) === local) return value;
  }
  return undefined;
}
