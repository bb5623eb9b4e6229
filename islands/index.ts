import MobileMenu from './MobileMenu';

/**
 * Every island by name. The name must match its file (`islands/<Name>.tsx`): the build makes one
 * bundle entry per file and the server looks the bundle up by this name.
 */
export const islands = {
  MobileMenu,
};

export type IslandName = keyof typeof islands;
