import type { TechnologiesContent } from '../documents';

export const technologies: TechnologiesContent['items'] = [
  { name: 'React', logo: 'images/tech/react.svg' },
  { name: 'Next.js', logo: 'images/tech/nextjs.svg' },
  { name: 'Node.js', logo: 'images/tech/nodejs.svg' },
  { name: 'TypeScript', logo: 'images/tech/typescript.svg' },
  { name: 'PostgreSQL', logo: 'images/tech/postgresql.svg' },
  { name: 'Figma', logo: 'images/tech/figma.svg' },
  { name: 'Flutter', logo: 'images/tech/flutter.svg' },
  { name: 'Swift', logo: 'images/tech/swift.svg' },
  { name: 'Kotlin', logo: 'images/tech/kotlin.svg' },
  { name: 'Python', logo: 'images/tech/python.svg' },
  { name: 'WordPress', logo: 'images/tech/wordpress.svg' },
  { name: 'Shopify', logo: 'images/tech/shopify.svg' },
  { name: 'AWS', logo: 'images/tech/aws.svg' },
  { name: 'Docker', logo: 'images/tech/docker.svg' },
];
