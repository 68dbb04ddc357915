import sharp from 'sharp';

/** A real photo-like JPEG (gradient plus noise-free shapes) made on the spot. */
export async function testJpeg(
  options: { width?: number; height?: number; exif?: boolean } = {},
): Promise<Buffer> {
  const width = options.width ?? 640;
  const height = options.height ?? 480;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#3d5a80"/><circle cx="50%" cy="50%" r="30%" fill="#ee6c4d"/></svg>`;
  let image = sharp(Buffer.from(svg)).jpeg({ quality: 85 });
  if (options.exif) {
    image = image.withExif({ IFD0: { Copyright: 'Secret Camera Owner', Artist: 'Jane Doe' } });
  }
  return image.toBuffer();
}

/** Everything publishing needs, apart from a photo. */
export function completeFields(overrides: Record<string, unknown> = {}) {
  return {
    description: 'A bright corner one-bedroom with a new kitchen and lots of closet space.',
    address: '215 Bedford Ave',
    unit: '4F',
    neighborhood: 'williamsburg',
    rentCents: 385_000,
    bedrooms: 1,
    bathrooms: 1,
    sqft: 650,
    availableFrom: '2026-12-01',
    leaseTermMonths: 12,
    pets: 'cats',
    laundry: 'in_building',
    amenities: ['dishwasher', 'elevator'],
    fees: [
      { type: 'application', amountCents: 2000, frequency: 'one_time', required: true },
      { type: 'security_deposit', amountCents: 385_000, frequency: 'one_time', required: true },
    ],
    ...overrides,
  };
}

/** A seeded generator (a linear congruential one), so generated rows are the same every run. */
export function seededRandom(seed: number) {
  let a = seed;
  const rand = () => {
    a = (a * 1103515245 + 12345) % 2147483648;
    return a / 2147483648;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
  return { rand, pick };
}
