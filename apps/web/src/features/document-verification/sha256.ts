/** Reads a file's bytes (Blob.arrayBuffer where the browser has it, FileReader otherwise). */
function bytesOf(file: Blob): Promise<ArrayBuffer> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('FILE_READ_ERROR'));
    reader.readAsArrayBuffer(file);
  });
}

/**
 * The SHA-256 of a file as lowercase hex, computed in the browser (Web Crypto): the file the
 * visitor holds is compared with the issued document's fingerprint without being uploaded.
 */
export async function sha256Hex(file: Blob): Promise<string> {
  // A typed array view: some environments (a test DOM) hand back an ArrayBuffer of another realm.
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(await bytesOf(file)));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Whether two fingerprints are the same (case and spaces ignored). */
export const sameFingerprint = (a: string, b: string) =>
  a.replace(/\s+/g, '').toLowerCase() === b.replace(/\s+/g, '').toLowerCase();
