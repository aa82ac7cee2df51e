// SHA-256 in the browser (Web Crypto), as lowercase hex: the collection server's audio
// addresses and the participants' client-made submission ids.
export async function sha256Hex(data: BufferSource): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  return Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
}
