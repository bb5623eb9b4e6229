import MobileMenu from './MobileMenu';
import TestimonialsSlider from './TestimonialsSlider';

/**
 * Every island by name. The name must match its file (`islands/<Name>.tsx`): the build makes one
 * bundle entry per file and the server looks the bundle up by this name.
 */
export const islands = {
  MobileMenu,
  TestimonialsSlider,
};

export type IslandName = keyof typeof islands;
