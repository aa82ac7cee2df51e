// A NumPy .npy file (the format of numpy.save, numpy.org's "NEP 1 / numpy.lib.format"): the magic
// string "\x93NUMPY", a version byte pair, the header's length (2 bytes little-endian in version
// 1, 4 bytes in versions 2 and 3), a header that is a Python dict literal
// {'descr': '<f4', 'fortran_order': False, 'shape': (123,), } padded with spaces, then the data.
// Read here: 1-D arrays of float32 or float64, either byte order (a 1-D array is the same in C
// and Fortran order). Anything else is refused with what it is.

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]; // \x93NUMPY

/** The array's numbers, or the problem with the file (a sentence without the file's name). */
export function readNpy(bytes: Uint8Array): Float64Array | string {
  if (bytes.length < 10 || MAGIC.some((b, i) => bytes[i] !== b)) {
    return "not a NumPy .npy file (it does not start with \\x93NUMPY; save the array with numpy.save)";
  }
  const major = bytes[6] as number;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let headerStart: number;
  let headerLength: number;
  if (major === 1) {
    headerStart = 10;
    headerLength = view.getUint16(8, true);
  } else if (major === 2 || major === 3) {
    if (bytes.length < 12) return "the .npy header is cut short";
    headerStart = 12;
    headerLength = view.getUint32(8, true);
  } else {
    return `.npy format version ${major}.${bytes[7]} is not one this reader knows (1, 2 or 3)`;
  }
  if (headerStart + headerLength > bytes.length) return "the .npy header is cut short";
  const header = new TextDecoder(major === 3 ? "utf-8" : "latin1").decode(
    bytes.subarray(headerStart, headerStart + headerLength),
  );
  const descr = /'descr'\s*:\s*'([^']*)'/.exec(header)?.[1];
  const shapeText = /'shape'\s*:\s*\(([^)]*)\)/.exec(header)?.[1];
  if (descr === undefined || shapeText === undefined || !/'fortran_order'\s*:/.test(header)) {
    return `the .npy header is not one this reader understands (${JSON.stringify(header.trim())})`;
  }
  const type = /^([<>=|])f([48])$/.exec(descr);
  if (type === null) {
    return `the array's type is ${JSON.stringify(descr)}: it must be float32 or float64 (arr.astype(np.float32))`;
  }
  const dims = shapeText
    .split(",")
    .map((d) => d.trim())
    .filter((d) => d !== "");
  if (dims.length !== 1) {
    return `the array has shape (${dims.join(", ")}): it must be 1-D, one value per frame (arr.reshape(-1) if it is one clip's)`;
  }
  const n = Number(dims[0]);
  if (!Number.isSafeInteger(n) || n < 0) return `the array's shape (${dims[0]}) is not a length`;
  const size = type[2] === "4" ? 4 : 8;
  // "<" little-endian, ">" big-endian, "=" the writer's own (numpy writes "<" or ">" for floats;
  // "=" and "|" are read as little-endian, which every machine numpy runs on today is).
  const little = type[1] !== ">";
  const start = headerStart + headerLength;
  if (bytes.length < start + n * size) {
    return `the file is cut short: ${n} values of ${size} bytes need ${start + n * size} bytes, it has ${bytes.length}`;
  }
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    out[i] =
      size === 4
        ? view.getFloat32(start + i * size, little)
        : view.getFloat64(start + i * size, little);
  }
  return out;
}
