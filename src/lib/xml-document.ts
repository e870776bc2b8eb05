/**
 * A small, strict XML reader that builds the part of the DOM that @tmcw/togeojson reads
 * (getElementsByTagName(NS), childNodes, nodeType, tagName, localName, getAttribute, parentNode,
 * textContent, normalize), so KML converts inside a Web Worker, where browsers offer no DOMParser.
 *
 * Deliberately less than XML: a DOCTYPE is refused (the only way to declare entities, so no entity
 * expansion and no external entities), only XML's five named entities and character references
 * are read, comments and processing instructions are skipped. Anything malformed is an error
 * naming its line, never a guess.
 */

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;
export const CDATA_SECTION_NODE = 4;
export const DOCUMENT_NODE = 9;

/** A list of nodes that also answers `item(index)`, as a DOM NodeList does. */
export class XmlNodeList<T> extends Array<T> {
  item(index: number): T | null {
    return this[index] ?? null;
  }
}

export type XmlNode = XmlText | XmlElement;

export class XmlText {
  readonly nodeType: typeof TEXT_NODE | typeof CDATA_SECTION_NODE;
  parentNode: XmlElement | null = null;

  constructor(
    readonly data: string,
    cdata: boolean,
  ) {
    this.nodeType = cdata ? CDATA_SECTION_NODE : TEXT_NODE;
  }

  get nodeValue(): string {
    return this.data;
  }

  get textContent(): string {
    return this.data;
  }

  /** Text nodes are built merged already. */
  normalize(): void {}
}

/** What elements and the document share: children, and finding elements below. */
abstract class XmlParent {
  readonly childNodes = new XmlNodeList<XmlNode>();

  /** Every element below, in document order, whose qualified name is `name` ("*": all). */
  getElementsByTagName(name: string): XmlNodeList<XmlElement> {
    return this.descendants((element) => name === '*' || element.tagName === name);
  }

  /** By namespace and local name; either may be "*". */
  getElementsByTagNameNS(namespace: string | null, localName: string): XmlNodeList<XmlElement> {
    return this.descendants(
      (element) =>
        (localName === '*' || element.localName === localName) &&
        (namespace === '*' || element.namespaceURI === namespace),
    );
  }

  get firstChild(): XmlNode | null {
    return this.childNodes[0] ?? null;
  }

  /** Adjacent text is merged as the document is read, so there is nothing left to join. */
  normalize(): void {}

  private descendants(matches: (element: XmlElement) => boolean): XmlNodeList<XmlElement> {
    const found = new XmlNodeList<XmlElement>();
    // Iterative, children pushed in reverse, so deep files cannot overflow the stack.
    const stack: XmlNode[] = [...this.childNodes].reverse();
    for (let node = stack.pop(); node; node = stack.pop()) {
      if (node.nodeType !== ELEMENT_NODE) continue;
      if (matches(node)) found.push(node);
      for (let index = node.childNodes.length - 1; index >= 0; index--) {
        stack.push(node.childNodes[index]!);
      }
    }
    return found;
  }
}

export class XmlElement extends XmlParent {
  readonly nodeType = ELEMENT_NODE;
  parentNode: XmlElement | XmlDocument | null = null;

  constructor(
    readonly tagName: string,
    private readonly attributeValues: ReadonlyMap<string, string>,
    readonly namespaceURI: string | null,
  ) {
    super();
  }

  get nodeName(): string {
    return this.tagName;
  }

  get localName(): string {
    const colon = this.tagName.indexOf(':');
    return colon === -1 ? this.tagName : this.tagName.slice(colon + 1);
  }

  getAttribute(name: string): string | null {
    return this.attributeValues.get(name) ?? null;
  }

  hasAttribute(name: string): boolean {
    return this.attributeValues.has(name);
  }

  get textContent(): string {
    if (this.childNodes.length === 1 && this.childNodes[0]!.nodeType !== ELEMENT_NODE) {
      return this.childNodes[0]!.textContent;
    }
    const parts: string[] = [];
    const stack: XmlNode[] = [...this.childNodes].reverse();
    for (let node = stack.pop(); node; node = stack.pop()) {
      if (node.nodeType !== ELEMENT_NODE) parts.push(node.data);
      else
        for (let index = node.childNodes.length - 1; index >= 0; index--)
          stack.push(node.childNodes[index]!);
    }
    return parts.join('');
  }
}

export class XmlDocument extends XmlParent {
  readonly nodeType = DOCUMENT_NODE;
  readonly parentNode = null;

  get documentElement(): XmlElement | null {
    return (this.childNodes.find((node) => node.nodeType === ELEMENT_NODE) as XmlElement) ?? null;
  }

  /** As in the DOM, a document itself has no text. */
  get textContent(): null {
    return null;
  }
}

export interface XmlReadLimits {
  /** Elements in the whole document: bounds the memory a file can make the reader use. */
  maxElements: number;
  maxDepth: number;
}

export const DEFAULT_XML_READ_LIMITS: XmlReadLimits = { maxElements: 500_000, maxDepth: 200 };

export type XmlReadResult =
  | { ok: true; document: XmlDocument }
  | {
      ok: false;
      /** `doctype`: the file declares a DOCTYPE, refused on principle (see above). */
      reason: 'doctype' | 'malformed' | 'too-large';
      message: string;
      line: number | null;
    };

class XmlReadError extends Error {
  constructor(
    readonly reason: 'doctype' | 'malformed' | 'too-large',
    message: string,
    readonly position: number | null,
  ) {
    super(message);
  }
}

const NAME = /[A-Za-z_:\u00C0-\uFFFF][-\w.:\u00B7\u00C0-\uFFFF]*/y;
const WHITESPACE = /[ \t\r\n]*/y;
const REFERENCE = /&(?:#x([0-9A-Fa-f]{1,6})|#([0-9]{1,7})|([A-Za-z][\w.-]*));|&/g;
const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';

function isXmlCharacter(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

function lineAt(text: string, position: number): number {
  let line = 1;
  for (
    let index = text.indexOf('\n');
    index !== -1 && index < position;
    index = text.indexOf('\n', index + 1)
  ) {
    line += 1;
  }
  return line;
}

/** Reads an XML text into a document, or says what is wrong with it and on which line. */
export function parseXmlDocument(
  source: string,
  limits: XmlReadLimits = DEFAULT_XML_READ_LIMITS,
): XmlReadResult {
  // XML reads every line break as a line feed.
  const text = source.includes('\r') ? source.replace(/\r\n?/g, '\n') : source;
  try {
    return { ok: true, document: readDocument(text, limits) };
  } catch (error) {
    if (!(error instanceof XmlReadError)) throw error;
    return {
      ok: false,
      reason: error.reason,
      message: error.message,
      line: error.position === null ? null : lineAt(text, error.position),
    };
  }
}

function readDocument(text: string, limits: XmlReadLimits): XmlDocument {
  const document = new XmlDocument();
  let parent: XmlDocument | XmlElement = document;
  /** Namespace declarations in scope, innermost last (null where an element declares none). */
  const scopes: (Map<string, string> | null)[] = [];
  let depth = 0;
  let elementCount = 0;
  let pendingText: string[] = [];
  let position = text.charCodeAt(0) === 0xfeff ? 1 : 0;

  const malformed = (message: string, at: number) => new XmlReadError('malformed', message, at);

  const decode = (raw: string, at: number): string => {
    if (!raw.includes('&')) return raw;
    return raw.replace(REFERENCE, (match, hex?: string, decimal?: string, name?: string) => {
      if (name !== undefined) {
        const value = NAMED_ENTITIES[name];
        if (value === undefined) {
          throw malformed(
            `the entity &${name}; is not one of XML's own (&lt; &gt; &amp; &quot; &apos;), and the file declares no others`,
            at,
          );
        }
        return value;
      }
      if (hex === undefined && decimal === undefined) {
        throw malformed(`a bare “&” must be written as &amp;`, at);
      }
      const code = hex !== undefined ? parseInt(hex, 16) : parseInt(decimal!, 10);
      if (!isXmlCharacter(code)) throw malformed(`${match} is not a character XML allows`, at);
      return String.fromCodePoint(code);
    });
  };

  const flushText = () => {
    if (pendingText.length === 0) return;
    const data = pendingText.length === 1 ? pendingText[0]! : pendingText.join('');
    pendingText = [];
    if (parent instanceof XmlDocument) {
      if (data.trim()) throw malformed('there is text outside the root element', position);
      return;
    }
    const node = new XmlText(data, false);
    node.parentNode = parent;
    parent.childNodes.push(node);
  };

  const skipWhitespace = () => {
    WHITESPACE.lastIndex = position;
    WHITESPACE.exec(text);
    position = WHITESPACE.lastIndex;
  };

  const readName = (what: string): string => {
    NAME.lastIndex = position;
    const match = NAME.exec(text);
    if (!match) throw malformed(`expected ${what}`, position);
    position = NAME.lastIndex;
    return match[0];
  };

  const namespaceOf = (prefix: string): string | null => {
    if (prefix === 'xml') return XML_NAMESPACE;
    for (let index = scopes.length - 1; index >= 0; index--) {
      const uri = scopes[index]?.get(prefix);
      if (uri !== undefined) return uri || null;
    }
    return null;
  };

  while (position < text.length) {
    const open = text.indexOf('<', position);
    if (open === -1) {
      pendingText.push(decode(text.slice(position), position));
      position = text.length;
      break;
    }
    if (open > position) pendingText.push(decode(text.slice(position, open), position));
    position = open;

    if (text.startsWith('<!--', position)) {
      // Skipped: text either side of a comment reads as one, as textContent would give it.
      const end = text.indexOf('-->', position + 4);
      if (end === -1) throw malformed('a comment is never closed (“-->” is missing)', position);
      position = end + 3;
      continue;
    }
    if (text.startsWith('<![CDATA[', position)) {
      const end = text.indexOf(']]>', position + 9);
      if (end === -1)
        throw malformed('a CDATA section is never closed (“]]>” is missing)', position);
      if (parent instanceof XmlDocument) {
        throw malformed('there is a CDATA section outside the root element', position);
      }
      flushText();
      const node = new XmlText(text.slice(position + 9, end), true);
      node.parentNode = parent;
      parent.childNodes.push(node);
      position = end + 3;
      continue;
    }
    if (text.startsWith('<!', position)) {
      if (/^<!DOCTYPE/i.test(text.slice(position, position + 9))) {
        throw new XmlReadError(
          'doctype',
          'The file declares a DOCTYPE. KML never needs one, and a DOCTYPE can define entities that expand to gigabytes or read other files, so such files are refused. Remove the <!DOCTYPE …> declaration and choose the file again.',
          position,
        );
      }
      throw malformed('unexpected “<!” markup', position);
    }
    if (text.startsWith('<?', position)) {
      // The XML declaration and processing instructions carry nothing a geofence needs.
      const end = text.indexOf('?>', position + 2);
      if (end === -1)
        throw malformed('a processing instruction is never closed (“?>” is missing)', position);
      position = end + 2;
      continue;
    }

    flushText();
    if (text.startsWith('</', position)) {
      const at = position;
      position += 2;
      const name = readName('the name of the closing tag');
      skipWhitespace();
      if (text[position] !== '>')
        throw malformed(`the closing tag </${name}> has no “>”`, position);
      position += 1;
      if (parent instanceof XmlDocument) throw malformed(`</${name}> closes nothing`, at);
      if (parent.tagName !== name) {
        throw malformed(`found </${name}> where </${parent.tagName}> was expected`, at);
      }
      parent = parent.parentNode ?? document;
      scopes.pop();
      depth -= 1;
      continue;
    }

    const tagStart = position;
    position += 1;
    const tagName = readName('an element name after “<”');
    const attributes = new Map<string, string>();
    let declarations: Map<string, string> | null = null;
    let selfClosing = false;
    for (;;) {
      const before = position;
      skipWhitespace();
      if (text.startsWith('/>', position)) {
        selfClosing = true;
        position += 2;
        break;
      }
      if (text[position] === '>') {
        position += 1;
        break;
      }
      if (position >= text.length)
        throw malformed(`the tag <${tagName}> is never closed`, tagStart);
      if (position === before)
        throw malformed(`<${tagName}> needs a space before each attribute`, position);
      const name = readName(`an attribute name in <${tagName}>`);
      skipWhitespace();
      if (text[position] !== '=')
        throw malformed(`the attribute ${name} in <${tagName}> has no value`, position);
      position += 1;
      skipWhitespace();
      const quote = text[position];
      if (quote !== '"' && quote !== "'") {
        throw malformed(`the value of ${name} in <${tagName}> must be in quotes`, position);
      }
      const end = text.indexOf(quote, position + 1);
      if (end === -1)
        throw malformed(`the value of ${name} in <${tagName}> is never closed`, position);
      const raw = text.slice(position + 1, end);
      if (raw.includes('<'))
        throw malformed(`the value of ${name} in <${tagName}> holds a “<”`, position);
      if (attributes.has(name))
        throw malformed(`<${tagName}> has the attribute ${name} twice`, position);
      // Attribute values read their line breaks and tabs as spaces.
      const value = decode(raw, position).replace(/[\t\n]/g, ' ');
      attributes.set(name, value);
      if (name === 'xmlns' || name.startsWith('xmlns:')) {
        declarations ??= new Map();
        declarations.set(name === 'xmlns' ? '' : name.slice(6), value);
      }
      position = end + 1;
    }

    elementCount += 1;
    if (elementCount > limits.maxElements) {
      throw new XmlReadError(
        'too-large',
        `The file has more than ${limits.maxElements.toLocaleString('en-US')} elements, more than the console reads.`,
        tagStart,
      );
    }
    if (parent instanceof XmlDocument && document.documentElement) {
      throw malformed(`<${tagName}> is a second root element`, tagStart);
    }
    scopes.push(declarations);
    const colon = tagName.indexOf(':');
    const element = new XmlElement(
      tagName,
      attributes,
      namespaceOf(colon === -1 ? '' : tagName.slice(0, colon)),
    );
    element.parentNode = parent;
    parent.childNodes.push(element);
    if (selfClosing) {
      scopes.pop();
      continue;
    }
    depth += 1;
    if (depth > limits.maxDepth) {
      throw new XmlReadError(
        'too-large',
        `Elements are nested more than ${limits.maxDepth} deep, more than the console reads.`,
        tagStart,
      );
    }
    parent = element;
  }

  flushText();
  if (parent instanceof XmlElement) {
    throw malformed(`the file ends before <${parent.tagName}> is closed`, text.length);
  }
  if (!document.documentElement) throw malformed('there is no root element', 0);
  return document;
}
