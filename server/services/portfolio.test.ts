import sharp from 'sharp';
import { findFile } from '../db/portfolio';
import { DomainError, type DomainErrorKind } from '../errors';
import { portfolioMessages } from '../../shared/portfolio/messages';
import { DEFAULT_DELIVERED_ITEMS, formatPortfolioDate } from '../../shared/portfolio/save-rules';
import { createTestDb, type TestDb } from '../../tests/helpers/test-db';
import {
  htmlFile,
  jpegWithExif,
  oversizedFile,
  picture,
  pngHeaderOnly,
  submission,
  svgWithScript,
  upload,
} from '../../tests/helpers/portfolio-fixtures';
import { createContentVersion, type ContentVersion } from './content-version';
import { createPortfolioService, type PortfolioService } from './portfolio';

const TODAY = new Date(Date.UTC(2025, 2, 15, 10));

describe('portfolio service (real database)', () => {
  let testDb: TestDb;
  let contentVersion: ContentVersion;
  let portfolio: PortfolioService;
  const count = async (table: string) => Number((await testDb.db(table).count<{ count: string }[]>('* as count'))[0]!.count);
  const storedNothing = async () => {
    expect(await count('portfolio_items')).toBe(0);
    expect(await count('portfolio_images')).toBe(0);
    expect(await count('portfolio_image_files')).toBe(0);
  };
  const rejection = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError & { fields?: Record<string, string> };
  };

  beforeAll(async () => {
    testDb = await createTestDb();
    contentVersion = createContentVersion(testDb.db);
    portfolio = createPortfolioService({ db: testDb.db, contentVersion, now: () => TODAY });
  });
  afterEach(async () => {
    await testDb.db('portfolio_items').delete();
  });
  afterAll(() => testDb.destroy());

  it('creates, lists, reads, updates and deletes an item, bumping the content version each time', async () => {
    await contentVersion.refresh();
    const before = Number(contentVersion.current);
    const created = await portfolio.create(
      submission({ technologies: 'React, Node.js', websiteLink: 'https://harbour.example.com', testimonial: '{"text":"Great","author":"Ann","position":"CEO"}' }),
    );
    expect(created).toMatchObject({
      title: 'Harbour Website',
      client: 'Harbour Ltd',
      categories: ['web'],
      displayCategories: ['Web Development'],
      testimonial: { text: 'Great', author: 'Ann', position: 'CEO' },
      image: null,
      images: [],
    });
    expect(Number(contentVersion.current)).toBe(before + 1);
    expect((await portfolio.list()).map((item) => item._id)).toEqual([created._id]);
    expect(await portfolio.get(created._id)).toEqual(created);

    const updated = await portfolio.update(created._id, submission({ title: 'Harbour Website 2.0', displayCategories: ['App Development'] }));
    expect(updated).toMatchObject({ _id: created._id, title: 'Harbour Website 2.0', categories: ['app-development'], technologies: '' });
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(created.updatedAt).getTime());
    expect(Number(contentVersion.current)).toBe(before + 2);

    await portfolio.remove(created._id);
    expect(await portfolio.get(created._id)).toBeUndefined();
    expect(Number(contentVersion.current)).toBe(before + 3);
    expect((await rejection(portfolio.remove(created._id))).kind).toBe('not-found');
    expect((await rejection(portfolio.update(created._id, submission()))).kind).toBe('not-found');
    expect(await portfolio.get('not-a-uuid')).toBeUndefined();
  });

  describe('the save rules the spec sets', () => {
    it.each([
      ['title', portfolioMessages.titleRequired],
      ['client', portfolioMessages.clientRequired],
      ['description', portfolioMessages.descriptionRequired],
    ])('requires %s', async (field, message) => {
      for (const value of ['', '   ']) {
        const error = await rejection(portfolio.create(submission({ [field]: value })));
        expect(error.kind).toBe('invalid');
        expect(error.message).toBe(message);
        expect(error.fields).toEqual({ [field]: message });
      }
      const { fields } = submission();
      delete fields[field];
      expect((await rejection(portfolio.create({ fields, sliderImages: [] }))).message).toBe(message);
      await storedNothing();
    });

    it('takes a website link only as a full http(s) URL', async () => {
      for (const link of ['harbour.example.com', 'www.harbour.example.com', 'javascript:alert(1)', 'ftp://harbour.example.com', 'https://']) {
        const error = await rejection(portfolio.create(submission({ websiteLink: link })));
        expect(error.kind).toBe('invalid');
        expect(error.message).toBe(portfolioMessages.websiteLink);
      }
      await storedNothing();
      expect((await portfolio.create(submission({ websiteLink: 'http://harbour.example.com/work' }))).websiteLink).toBe('http://harbour.example.com/work');
    });

    it('stores an item without any category as uncategorized / Uncategorized', async () => {
      const item = await portfolio.create(submission({ displayCategories: [], categories: [] }));
      expect(item).toMatchObject({ categories: ['uncategorized'], displayCategories: ['Uncategorized'] });
    });

    it('fills an empty completion date with today as "15 Mar 2025"', async () => {
      const item = await portfolio.create(submission({ completionDate: '' }));
      expect(item.completionDate).toBe('15 Mar 2025');
      expect(item.date).toBe('15 Mar 2025');
      expect(formatPortfolioDate(new Date(Date.UTC(2026, 0, 5)))).toBe('5 Jan 2026');
      const dated = await portfolio.create(submission({ completionDate: 'Spring 2024', date: '2 Apr 2024' }));
      expect(dated).toMatchObject({ completionDate: 'Spring 2024', date: '2 Apr 2024' });
    });

    it('maps labels to slugs on save as the spec does, lowercasing unmapped labels and keeping given slugs', async () => {
      const item = await portfolio.create(
        submission({ displayCategories: ['Graphic Designing', 'Social Media Design', 'Social Media Marketing', 'Information Technology', 'E-commerce', 'Medical', 'Brand Strategy'] }),
      );
      expect(item.categories).toEqual(['graphic', 'social-design', 'social-marketing', 'it', 'ecommerce', 'medical', 'brand strategy']);
      const slugsOnly = await portfolio.create(submission({ displayCategories: [], categories: ['web', 'fintech'] }));
      expect(slugsOnly).toMatchObject({ categories: ['web', 'fintech'], displayCategories: ['web', 'fintech'] });
    });

    it('defaults the background colour and the six delivered items, and reads both JSON fields', async () => {
      const plain = await portfolio.create(submission());
      expect(plain.bgColor).toBe('#045e63');
      expect(plain.whatWeDelivered).toEqual({ description: '', items: DEFAULT_DELIVERED_ITEMS });
      expect(plain.testimonial).toBeNull();
      const custom = await portfolio.create(
        submission({ bgColor: '#AA3300', whatWeDelivered: JSON.stringify({ description: 'All of it', items: [{ title: 'Logo', icon: 'palette' }] }) }),
      );
      expect(custom.bgColor).toBe('#aa3300');
      expect(custom.whatWeDelivered).toEqual({ description: 'All of it', items: [{ title: 'Logo', icon: 'palette' }] });
    });

    it('rejects malformed JSON fields and colours with a clear message', async () => {
      expect((await rejection(portfolio.create(submission({ testimonial: '{oops' })))).message).toBe(portfolioMessages.testimonialJson);
      expect((await rejection(portfolio.create(submission({ testimonial: '[1,2]' })))).message).toBe(portfolioMessages.testimonialJson);
      expect((await rejection(portfolio.create(submission({ whatWeDelivered: '"text"' })))).message).toBe(portfolioMessages.whatWeDeliveredJson);
      expect((await rejection(portfolio.create(submission({ bgColor: 'red' })))).message).toBe(portfolioMessages.bgColor);
      await storedNothing();
    });
  });

  describe('images', () => {
    it.each(['png', 'jpeg', 'webp'] as const)('accepts a %s and stores it re-encoded as AVIF, WebP and JPEG at the page sizes', async (format) => {
      const item = await portfolio.create(submission({}, { mainImage: upload(await picture(format, 1800, 1200)) }));
      expect(item.imageSet).toMatchObject({ width: 600, height: 400 });
      expect(item.imageSet!.avif.map((s) => s.width)).toEqual([300, 600]);
      expect(item.heroImageSet!.jpeg.map((s) => [s.width, s.height])).toEqual([[800, 600], [1600, 1200]]);
      expect(item.image).toBe(item.imageSet!.jpeg[1]!.url);
      for (const [source, expected] of [
        [item.imageSet!.avif[0]!, 'heif'],
        [item.imageSet!.webp[1]!, 'webp'],
        [item.heroImageSet!.jpeg[1]!, 'jpeg'],
      ] as const) {
        const sha = /\/media\/([0-9a-f]{64})\./.exec(source.url)![1]!;
        const file = await findFile(testDb.db, sha);
        const metadata = await sharp(file!.data).metadata();
        expect(metadata.format).toBe(expected);
        expect([metadata.width, metadata.height]).toEqual([source.width, source.height]);
      }
    });

    it('re-encodes a 16-bit PNG with its colours intact', async () => {
      const deep = await sharp({ create: { width: 900, height: 600, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } })
        .toColourspace('rgb16')
        .png()
        .toBuffer();
      expect((await sharp(deep).metadata()).depth).toBe('ushort');
      const item = await portfolio.create(submission({}, { mainImage: upload(deep) }));
      const sha = /\/media\/([0-9a-f]{64})\./.exec(item.imageSet!.jpeg[1]!.url)![1]!;
      const { dominant } = await sharp((await findFile(testDb.db, sha))!.data).stats();
      expect(dominant.r).toBeGreaterThan(180);
      expect(dominant.g).toBeLessThan(60);
    });

    it('leaves no EXIF in any stored file', async () => {
      const original = await jpegWithExif();
      expect((await sharp(original).metadata()).exif).toBeDefined();
      await portfolio.create(submission({}, { mainImage: upload(original), sliderImages: [upload(await jpegWithExif(), 'Slider image 1')] }));
      const files = await testDb.db('portfolio_image_files').select('data', 'format');
      expect(files.length).toBeGreaterThan(6);
      for (const file of files as { data: Buffer }[]) {
        const metadata = await sharp(file.data).metadata();
        expect(metadata.exif).toBeUndefined();
        expect(metadata.xmp).toBeUndefined();
        expect(Buffer.from(file.data).includes(Buffer.from('Secret Owner'))).toBe(false);
      }
    });

    it('keeps at most three slider images, in order, with thumbnails', async () => {
      const colours = ['#ff0000', '#00ff00', '#0000ff', '#ffff00'];
      const sliders = await Promise.all(colours.map(async (colour, index) => upload(await picture('png', 900, 675, colour), `Slider image ${index + 1}`)));
      const item = await portfolio.create(submission({}, { sliderImages: sliders }));
      expect(item.images).toHaveLength(3);
      expect(item.sliderImageSets.map((set) => [set.width, set.height])).toEqual([[800, 600], [800, 600], [800, 600]]);
      expect(item.thumbnailSets.map((set) => set.width)).toEqual([200, 200, 200]);
      const reds = await Promise.all(
        item.sliderImageSets.map(async (set) => {
          const sha = /\/media\/([0-9a-f]{64})\./.exec(set.jpeg[0]!.url)![1]!;
          const { dominant } = await sharp((await findFile(testDb.db, sha))!.data).stats();
          return dominant.r > 200 && dominant.g < 60;
        }),
      );
      expect(reds).toEqual([true, false, false]);
    });

    it('on edit keeps the main image when none is sent, and replaces or keeps slider images as asked', async () => {
      const [main, a, b, c] = await Promise.all([picture('png', 600, 400), picture('png', 800, 600, '#111111'), picture('png', 800, 600, '#222222'), picture('png', 800, 600, '#333333')]);
      const item = await portfolio.create(submission({}, { mainImage: upload(main), sliderImages: [upload(a), upload(b)] }));
      const [first, second] = item.sliderImageSets;

      const same = await portfolio.update(item._id, submission({ title: 'Renamed' }));
      expect(same.image).toBe(item.image);
      expect(same.images).toEqual(item.images);

      const reordered = await portfolio.update(item._id, submission({ keepSliderImages: [second!.id, first!.id] }, { sliderImages: [upload(c)] }));
      expect(reordered.images.slice(0, 2)).toEqual([item.images[1], item.images[0]]);
      expect(reordered.images).toHaveLength(3);

      const replaced = await portfolio.update(item._id, submission({}, { sliderImages: [upload(a)], mainImage: upload(c) }));
      expect(replaced.images).toHaveLength(1);
      expect(replaced.image).not.toBe(item.image);

      const cleared = await portfolio.update(item._id, submission({ keepSliderImages: '' }));
      expect(cleared.images).toEqual([]);
      expect(cleared.image).toBe(replaced.image);
      expect(await count('portfolio_images')).toBe(1);

      expect((await rejection(portfolio.update(item._id, submission({ keepSliderImages: ['999999'] })))).kind).toBe('invalid');
    });

    it.each([
      ['an HTML file renamed .png', htmlFile, 'unsupported-type', 'must be a JPEG, PNG, WebP, AVIF or GIF image.'],
      ['an SVG with a script', svgWithScript, 'unsupported-type', 'SVG files are not accepted'],
      ['an empty file', Buffer.alloc(0), 'invalid', 'is empty.'],
      ['a file over 10 MB', oversizedFile, 'too-large', 'is larger than 10 MB.'],
      ['a 50000×50000 image', pngHeaderOnly(50_000, 50_000), 'unprocessable', 'has more than 40 megapixels.'],
    ] as [string, Buffer, DomainErrorKind, string][])('rejects %s with a clear domain error and stores nothing', async (_name, data, kind, message) => {
      for (const files of [{ mainImage: upload(data, 'Main image (photo.png)') }, { mainImage: upload(jpegWithExifSync!), sliderImages: [upload(data, 'Slider image 1 (photo.png)')] }]) {
        const error = await rejection(portfolio.create(submission({}, files)));
        expect(error.kind).toBe(kind);
        expect(error.message).toContain(message);
        expect(error.message).toMatch(/(Main|Slider) image 1? ?\(photo\.png\)/);
      }
      await storedNothing();
      const item = await portfolio.create(submission());
      const error = await rejection(portfolio.update(item._id, submission({ title: 'Changed' }, { mainImage: upload(data) })));
      expect(error.kind).toBe(kind);
      expect((await portfolio.get(item._id))!.title).toBe('Harbour Website');
    });
  });

  let jpegWithExifSync: Buffer | undefined;
  beforeAll(async () => {
    jpegWithExifSync = await jpegWithExif();
  });
});
