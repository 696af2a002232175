// Big phone photos are shrunk in the browser before they are sent: a borrower
// on mobile data pays for every byte, and the server re-encodes to 1,600 px
// JPEG anyway (decision 011). Small pictures go as they are. Every picture
// a borrower sends (complaints, receipts) goes through here.

/** Pictures up to this size are sent untouched. */
export const SHRINK_ABOVE_BYTES = 1024 * 1024;
/** The long side after shrinking, as the server keeps it. */
export const MAX_SIDE_PX = 1600;
const JPEG_QUALITY = 0.85;

/** A JPEG of at most MAX_SIDE_PX a side, or the file itself when it is small or cannot be decoded here. */
export async function shrinkPicture(file: File): Promise<Blob> {
  if (file.size <= SHRINK_ABOVE_BYTES || typeof createImageBitmap !== 'function') return file;
  try {
    // Decoding applies the photo's EXIF orientation.
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_SIDE_PX / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return file;
    // Transparency on white, as the server does.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const jpeg = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
    return jpeg && jpeg.size < file.size ? jpeg : file;
  } catch {
    // Not a picture this browser decodes: the server says what is wrong with it.
    return file;
  }
}
