// A QR code encoder (ISO/IEC 18004) for the share links: byte mode, error correction level M,
// versions 1 to 10 (up to 213 bytes; a share link is about 100). Written here rather than taken
// from a library so the app stays without a build step or dependencies. Level M survives about
// 15% of the code being damaged or covered, enough for a phone held over another phone.

const MAX_VERSION = 10;

// Per version (index 1…10) at level M: error correction codewords per block, and the blocks'
// data codewords (two groups for the larger versions).
const BLOCKS_M = [
  null,
  { ec: 10, groups: [[1, 16]] },
  { ec: 16, groups: [[1, 28]] },
  { ec: 26, groups: [[1, 44]] },
  { ec: 18, groups: [[2, 32]] },
  { ec: 24, groups: [[2, 43]] },
  { ec: 16, groups: [[4, 27]] },
  { ec: 18, groups: [[4, 31]] },
  { ec: 22, groups: [[2, 38], [2, 39]] },
  { ec: 22, groups: [[3, 36], [2, 37]] },
  { ec: 26, groups: [[4, 43], [1, 44]] },
];

// The centres of the alignment patterns along each axis, per version.
const ALIGNMENT = [null, [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50]];

// Format information's two bits for level M.
const LEVEL_M_BITS = 0b00;

/** The eight data masks: whether the module at (row, column) is flipped. */
const MASKS = [
  (r, c) => (r + c) % 2 === 0,
  (r) => r % 2 === 0,
  (r, c) => c % 3 === 0,
  (r, c) => (r + c) % 3 === 0,
  (r, c) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0,
  (r, c) => ((r * c) % 2) + ((r * c) % 3) === 0,
  (r, c) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0,
  (r, c) => (((r + c) % 2) + ((r * c) % 3)) % 2 === 0,
];

// GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1, as exponent and log tables.
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
{
  let value = 1;
  for (let power = 0; power < 255; power++) {
    EXP[power] = value;
    LOG[value] = power;
    value <<= 1;
    if (value & 0x100) value ^= 0x11d;
  }
  for (let power = 255; power < 512; power++) EXP[power] = EXP[power - 255];
}

function multiply(a, b) {
  return a === 0 || b === 0 ? 0 : EXP[LOG[a] + LOG[b]];
}

/** The Reed–Solomon generator polynomial of `degree`, highest power first (leading 1 left out). */
function generator(degree) {
  let poly = [1];
  for (let root = 0; root < degree; root++) {
    const next = new Array(poly.length + 1).fill(0);
    for (let i = 0; i < poly.length; i++) {
      next[i] ^= poly[i];
      next[i + 1] ^= multiply(poly[i], EXP[root]);
    }
    poly = next;
  }
  return poly.slice(1);
}

/** The `degree` error correction codewords of `data`: the remainder of data·x^degree by the generator. */
export function reedSolomon(data, degree) {
  const divisor = generator(degree);
  const remainder = new Array(degree).fill(0);
  for (const byte of data) {
    const factor = byte ^ remainder.shift();
    remainder.push(0);
    for (let i = 0; i < degree; i++) remainder[i] ^= multiply(divisor[i], factor);
  }
  return remainder;
}

function dataCapacity(version) {
  return BLOCKS_M[version].groups.reduce((sum, [count, size]) => sum + count * size, 0);
}

function countBits(version) {
  return version < 10 ? 8 : 16;
}

/** The bit stream of `bytes` in byte mode, terminated and padded to the version's data codewords. */
function dataCodewords(bytes, version) {
  const capacity = dataCapacity(version) * 8;
  const bits = [];
  const put = (value, length) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, countBits(version));
  for (const byte of bytes) put(byte, 8);
  put(0, Math.min(4, capacity - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  const codewords = [];
  for (let i = 0; i < bits.length; i += 8) codewords.push(bits.slice(i, i + 8).reduce((byte, bit) => (byte << 1) | bit, 0));
  for (let pad = 0; codewords.length < capacity / 8; pad++) codewords.push(pad % 2 === 0 ? 0xec : 0x11);
  return codewords;
}

/** Data and error correction codewords split into blocks and interleaved, as they are placed. */
function finalCodewords(data, version) {
  const { ec, groups } = BLOCKS_M[version];
  const blocks = [];
  let offset = 0;
  for (const [count, size] of groups) {
    for (let i = 0; i < count; i++) {
      const block = data.slice(offset, offset + size);
      offset += size;
      blocks.push({ data: block, ec: reedSolomon(block, ec) });
    }
  }
  const result = [];
  const longest = Math.max(...blocks.map((block) => block.data.length));
  for (let i = 0; i < longest; i++) for (const block of blocks) if (i < block.data.length) result.push(block.data[i]);
  for (let i = 0; i < ec; i++) for (const block of blocks) result.push(block.ec[i]);
  return result;
}

/** BCH remainder of `value` (already shifted) by `poly` of degree `degree`, for format and version bits. */
function bchRemainder(value, poly, degree) {
  let remainder = value;
  for (let bit = Math.floor(Math.log2(value || 1)); bit >= degree; bit--) {
    if ((remainder >>> bit) & 1) remainder ^= poly << (bit - degree);
  }
  return remainder;
}

/** One symbol: its modules and which of them are function patterns (never masked). */
class QRSymbol {
  constructor(version) {
    this.version = version;
    this.size = version * 4 + 17;
    this.dark = Array.from({ length: this.size }, () => new Array(this.size).fill(false));
    this.reserved = Array.from({ length: this.size }, () => new Array(this.size).fill(false));
    this.#drawFunctionPatterns();
  }

  set(row, column, dark) {
    this.dark[row][column] = dark;
    this.reserved[row][column] = true;
  }

  #drawFunctionPatterns() {
    const { size } = this;
    for (let i = 0; i < size; i++) {
      this.set(6, i, i % 2 === 0);
      this.set(i, 6, i % 2 === 0);
    }
    for (const [row, column] of [[3, 3], [3, size - 4], [size - 4, 3]]) this.#finder(row, column);
    const centres = ALIGNMENT[this.version];
    for (const row of centres) {
      for (const column of centres) {
        const nearFinder = (row === 6 && column === 6) || (row === 6 && column === centres.at(-1)) || (row === centres.at(-1) && column === 6);
        if (!nearFinder) this.#alignment(row, column);
      }
    }
    // Reserve the format areas now (drawn once the mask is known) and draw the version.
    this.placeFormat(0);
    if (this.version >= 7) this.#placeVersion();
  }

  #finder(centreRow, centreColumn) {
    for (let dr = -4; dr <= 4; dr++) {
      for (let dc = -4; dc <= 4; dc++) {
        const row = centreRow + dr;
        const column = centreColumn + dc;
        if (row < 0 || column < 0 || row >= this.size || column >= this.size) continue;
        const ring = Math.max(Math.abs(dr), Math.abs(dc));
        this.set(row, column, ring !== 2 && ring !== 4);
      }
    }
  }

  #alignment(centreRow, centreColumn) {
    for (let dr = -2; dr <= 2; dr++) {
      for (let dc = -2; dc <= 2; dc++) this.set(centreRow + dr, centreColumn + dc, Math.max(Math.abs(dr), Math.abs(dc)) !== 1);
    }
  }

  /** Draws both copies of the 15 format bits for `mask`, and the dark module beside them. */
  placeFormat(mask) {
    const data = (LEVEL_M_BITS << 3) | mask;
    const bits = ((data << 10) | bchRemainder(data << 10, 0x537, 10)) ^ 0x5412;
    const bit = (i) => ((bits >>> i) & 1) === 1;
    const { size } = this;
    for (let i = 0; i <= 5; i++) this.set(i, 8, bit(i));
    this.set(7, 8, bit(6));
    this.set(8, 8, bit(7));
    this.set(8, 7, bit(8));
    for (let i = 9; i < 15; i++) this.set(8, 14 - i, bit(i));
    for (let i = 0; i < 8; i++) this.set(8, size - 1 - i, bit(i));
    for (let i = 8; i < 15; i++) this.set(size - 15 + i, 8, bit(i));
    this.set(size - 8, 8, true);
  }

  #placeVersion() {
    const bits = (this.version << 12) | bchRemainder(this.version << 12, 0x1f25, 12);
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >>> i) & 1) === 1;
      const a = this.size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      this.set(b, a, dark);
      this.set(a, b, dark);
    }
  }

  /** Places the codewords' bits in the zigzag of two-column strips, right to left, skipping column 6. */
  placeData(codewords) {
    const { size } = this;
    let index = 0;
    const total = codewords.length * 8;
    for (let right = size - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5;
      const upward = ((right + 1) & 2) === 0;
      for (let step = 0; step < size; step++) {
        const row = upward ? size - 1 - step : step;
        for (const column of [right, right - 1]) {
          if (this.reserved[row][column]) continue;
          // Remainder bits past the last codeword stay light.
          this.dark[row][column] = index < total && ((codewords[index >>> 3] >>> (7 - (index & 7))) & 1) === 1;
          index++;
        }
      }
    }
  }

  applyMask(mask) {
    const test = MASKS[mask];
    for (let row = 0; row < this.size; row++) {
      for (let column = 0; column < this.size; column++) {
        if (!this.reserved[row][column] && test(row, column)) this.dark[row][column] = !this.dark[row][column];
      }
    }
  }

  /** The standard's penalty score: long runs, 2×2 blocks, finder-like patterns and imbalance. */
  penalty() {
    const { size, dark } = this;
    let score = 0;
    const lines = [];
    for (let i = 0; i < size; i++) {
      lines.push(dark[i]);
      lines.push(dark.map((row) => row[i]));
    }
    for (const line of lines) {
      let run = 1;
      for (let i = 1; i <= size; i++) {
        if (i < size && line[i] === line[i - 1]) {
          run++;
        } else {
          if (run >= 5) score += 3 + (run - 5);
          run = 1;
        }
      }
      // 1:1:3:1:1 dark-light pattern with four light modules on one side (outside the symbol counts as light).
      const at = (i) => i >= 0 && i < size && line[i];
      for (let i = -4; i < size; i++) {
        const core = at(i) && !at(i + 1) && at(i + 2) && at(i + 3) && at(i + 4) && !at(i + 5) && at(i + 6);
        if (!core) continue;
        const lightBefore = !at(i - 1) && !at(i - 2) && !at(i - 3) && !at(i - 4);
        const lightAfter = !at(i + 7) && !at(i + 8) && !at(i + 9) && !at(i + 10);
        if (lightBefore) score += 40;
        if (lightAfter) score += 40;
      }
    }
    let darkCount = 0;
    for (let row = 0; row < size; row++) {
      for (let column = 0; column < size; column++) {
        if (dark[row][column]) darkCount++;
        if (row + 1 < size && column + 1 < size) {
          const colour = dark[row][column];
          if (dark[row][column + 1] === colour && dark[row + 1][column] === colour && dark[row + 1][column + 1] === colour) score += 3;
        }
      }
    }
    const percent = (darkCount * 100) / (size * size);
    score += Math.floor(Math.abs(percent - 50) / 5) * 10;
    return score;
  }
}

/**
 * Encodes `text` (as UTF-8) into a QR code at level M in the smallest version that holds it.
 * Answers `{version, size, mask, modules}`, `modules[row][column]` true for dark. A mask may be
 * forced (tests use it to check every mask decodes); otherwise the lowest penalty is chosen.
 */
export function encodeQR(text, { mask: forcedMask } = {}) {
  const bytes = new TextEncoder().encode(text);
  let version = 1;
  while (version <= MAX_VERSION && 4 + countBits(version) + bytes.length * 8 > dataCapacity(version) * 8) version++;
  if (version > MAX_VERSION) throw new RangeError(`A QR code here holds at most ${dataCapacity(MAX_VERSION) - 3} bytes`);
  const codewords = finalCodewords(dataCodewords(bytes, version), version);
  let best = null;
  for (const mask of forcedMask === undefined ? MASKS.keys() : [forcedMask]) {
    const symbol = new QRSymbol(version);
    symbol.placeData(codewords);
    symbol.applyMask(mask);
    symbol.placeFormat(mask);
    const penalty = symbol.penalty();
    if (!best || penalty < best.penalty) best = { penalty, mask, symbol };
  }
  return { version, size: best.symbol.size, mask: best.mask, modules: best.symbol.dark };
}

const QUIET_ZONE = 4;

/**
 * The code as an SVG element: dark modules as one path on a light square with the quiet zone the
 * standard asks for, dark on light whatever the page's theme, since scanners expect it.
 */
export function qrSVG(text, { label } = {}) {
  const { size, modules } = encodeQR(text);
  const namespace = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(namespace, "svg");
  const extent = size + QUIET_ZONE * 2;
  svg.setAttribute("viewBox", `0 0 ${extent} ${extent}`);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.setAttribute("role", "img");
  if (label) svg.setAttribute("aria-label", label);
  const background = document.createElementNS(namespace, "rect");
  background.setAttribute("width", extent);
  background.setAttribute("height", extent);
  background.setAttribute("fill", "#fff");
  const path = document.createElementNS(namespace, "path");
  path.setAttribute("fill", "#000");
  path.setAttribute("d", modulePath(modules));
  svg.append(background, path);
  return svg;
}

/** The dark modules as path commands, each horizontal run of them one rectangle. */
function modulePath(modules) {
  const parts = [];
  modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x++;
      parts.push(`M${start + QUIET_ZONE} ${y + QUIET_ZONE}h${x - start}v1h${start - x}z`);
    }
  });
  return parts.join("");
}
