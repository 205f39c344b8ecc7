/**
 * A phone's picture as a camera writes it: its make and model (the serial a public file must not carry), the wall
 * clock at UTC−5, and a GPS position near the demo sites (42.81, −73.94), in EXIF.
 */
import sharp from 'sharp';

export function phonePhoto(
  taken = '2026:12:04 10:14:33',
  camera: { make: string; model: string } = { make: 'FieldPhone', model: 'Serial 4471-XK' },
  background = '#6b8e5a',
): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background } })
    .withExif({
      IFD0: { Make: camera.make, Model: camera.model },
      IFD2: { DateTimeOriginal: taken, OffsetTimeOriginal: '-05:00' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '42/1 48/1 3600/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '73/1 56/1 2400/100',
      },
    })
    .jpeg()
    .toBuffer();
}
