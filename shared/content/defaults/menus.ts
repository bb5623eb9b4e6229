import type { MenuContent } from '../menus';

/** The main navigation as the site shipped it: the Services and Core Industries dropdowns follow the published services and industries. */
export const mainMenu: MenuContent = {
  items: [
    { kind: 'link', label: 'Home', href: '/', children: [] },
    { kind: 'link', label: 'About', href: '/about', children: [] },
    { kind: 'services', label: 'Services', href: '/services' },
    { kind: 'industries', label: 'Core Industries', href: '/#industries' },
    { kind: 'link', label: 'Portfolio', href: '/portfolio', children: [] },
    { kind: 'link', label: 'Free Toolkit', href: '/toolkit', children: [] },
    { kind: 'link', label: 'Contact', href: '/contact', children: [] },
  ],
};

/** The footer's links as the site shipped them: a column of services, one of industries, and the pages under "Get in touch". */
export const footerMenu: MenuContent = {
  items: [
    { kind: 'services', label: 'Services', href: '/services' },
    { kind: 'industries', label: 'Core Industries', href: '/#industries' },
    { kind: 'link', label: 'About us', href: '/about', children: [] },
    { kind: 'link', label: 'Portfolio', href: '/portfolio', children: [] },
    { kind: 'link', label: 'Free Toolkit', href: '/toolkit', children: [] },
    { kind: 'link', label: 'Contact', href: '/contact', children: [] },
    { kind: 'link', label: 'Privacy', href: '/privacy', children: [] },
  ],
};
