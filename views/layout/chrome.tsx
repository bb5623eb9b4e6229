import { useAsset, useContent } from '../render-context';
import { Icon, type IconName } from '../components/Icon';

/**
 * The parts of the public chrome around the header. Every control that opens a panel is a plain
 * link to a page where that content works (`/enquire`, `/quote`, `/free-offer`, `/regions`); the
 * panel islands take those clicks over once they are live.
 */

export function TopBar() {
  const { business } = useContent();
  return (
    <div className="top-bar">
      <div className="container top-bar__inner">
        <ul className="top-bar__group" aria-label="Offers and regions">
          <li>
            <a href={business.eProfileHref}>Download E-Profile</a>
          </li>
          <li>
            <a href="/free-offer">Free Offers</a>
          </li>
          <li>
            <a href="/regions">Region</a>
          </li>
        </ul>
        <ul className="top-bar__group" aria-label="Contact us">
          <li>
            <a href={business.phoneHref}>
              Call Now <span className="top-bar__detail">{business.phone}</span>
            </a>
          </li>
          <li>
            <a href={business.chatHref} rel="noopener">
              Let&apos;s Chat Now
            </a>
          </li>
          <li>
            <a href="/enquire" className="top-bar__highlight">
              Enquire Now
            </a>
          </li>
          <li>
            <a href="/admin/dashboard">Admin</a>
          </li>
        </ul>
      </div>
    </div>
  );
}

function SocialLinks({ className }: { className: string }) {
  const asset = useAsset();
  const { business } = useContent();
  return (
    <ul className={className}>
      {business.socials.map((social) => (
        <li key={social.name}>
          <a href={social.href} rel="noopener" className={`social-link social-link--${social.name.toLowerCase()}`}>
            {/* lazy: React would otherwise preload every icon ahead of the page's own images */}
            <img src={asset(social.icon)} alt={social.name} width={20} height={20} loading="lazy" />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The floating social icons bar with its Get a Quote tab (wide screens). */
export function SocialBar() {
  return (
    <aside className="social-bar" aria-label="Follow us">
      <SocialLinks className="social-bar__list" />
      <a href="/quote" className="social-bar__quote">
        Get a Quote
      </a>
    </aside>
  );
}

/**
 * A footer column's landmark name from its heading: words read as a phrase ("Core Industries" →
 * "Core industries"), as the footer always named them; a word in capitals (SEO) stays as written.
 */
function landmarkName(heading: string): string {
  return heading.replace(/(?<=\s)([A-Z])([a-z]+)\b/g, (_word, first: string, rest: string) => `${first.toLowerCase()}${rest}`);
}

export function SiteFooter() {
  const asset = useAsset();
  const content = useContent();
  const { business } = content;
  // The footer links document as drawn: items with links under them (the automatic lists among
  // them) are columns of their own, in its order; plain links are listed under "Get in touch".
  const columns = content.menus.footer.flatMap((item) => (item.children ? [{ label: item.label, children: item.children }] : []));
  const links = content.menus.footer.filter((item) => !item.children);
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <img src={asset('images/logo-white.svg')} alt={business.name} width={180} height={40} loading="lazy" />
          <p>{business.tagline}</p>
          <p>{business.replyPromise}</p>
          <div id="social" className="site-footer__social" tabIndex={-1}>
            <h2 className="site-footer__heading">Follow us</h2>
            <SocialLinks className="site-footer__social-list" />
          </div>
        </div>
        {columns.map((column, index) => (
          <nav key={index} aria-label={landmarkName(column.label)} className="site-footer__column">
            <h2 className="site-footer__heading">{column.label}</h2>
            <ul>
              {column.children.map((link, linkIndex) => (
                <li key={linkIndex}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div className="site-footer__column">
          <h2 className="site-footer__heading">Get in touch</h2>
          <address>
            <a href={business.phoneHref}>{business.phone}</a>
            <br />
            <a href={`mailto:${business.email}`}>{business.email}</a>
            <br />
            {business.location.display}
          </address>
          <p>{business.hours}</p>
          {links.length > 0 && (
            <ul>
              {links.map((link, index) => (
                <li key={index}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <div className="site-footer__legal">
        <div className="container">
          {`© ${new Date().getUTCFullYear()} ${business.legalName}. All rights reserved.`}
        </div>
      </div>
    </footer>
  );
}

/** Quick actions pinned to the bottom of small screens. */
export function MobileBar() {
  const items: { label: string; href: string; icon: IconName }[] = [
    { label: 'Social', href: '#social', icon: 'heart' },
    { label: 'Quote', href: '/quote', icon: 'quote' },
    { label: 'Home', href: '/', icon: 'home' },
    { label: 'Enquire', href: '/enquire', icon: 'mail' },
    { label: 'Top', href: '#top', icon: 'up' },
  ];
  return (
    <nav className="mobile-bar" aria-label="Quick actions">
      <ul>
        {items.map((item) => (
          <li key={item.label}>
            <a href={item.href}>
              <span className="mobile-bar__icon">
                <Icon name={item.icon} size={22} />
              </span>
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
