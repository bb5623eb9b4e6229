import type { ReactNode } from 'react';
import { Icon } from '../components/Icon';
import { PreviewBar } from '../components/PreviewBar';
import { Island } from '../components/Island';
import { MobileBar, SiteFooter, SocialBar, TopBar } from './chrome';
import { useAsset, useRenderContext } from '../render-context';
import { ENQUIRE_TRIGGERS } from '../../islands/EnquirePanel';
import { QUOTE_TRIGGERS } from '../../islands/QuotePopup';
import { REGION_OFFER_TRIGGERS, SHOWN_KEY as REGION_MODAL_SHOWN_KEY } from '../../islands/RegionOfferModal';
import { useRegionChoices } from '../components/region-choices';
import { VIEW_PIXEL_PATH } from '../../shared/analytics-pixel';
import { formServiceOptions } from '../../shared/forms';

/**
 * Page chrome of the public site: top bar, header with navigation, footer and the mobile bars.
 * `countsView` (off for error pages) adds the page-view pixel of the cookieless analytics. A preview
 * of a draft starts with the preview bar, counts no view and opens no pop-up.
 */
export function SiteLayout({ children, countsView = true }: { children: ReactNode; countsView?: boolean }) {
  const context = useRenderContext();
  const asset = useAsset();
  const { business } = context.content;
  // The main menu document as drawn, shared by the desktop bar and the mobile menu.
  const navigation = context.content.menus.main;
  context.usesChromeScript = true;
  const isCurrent = (href: string) => (href === context.path ? 'page' : undefined);
  const regionChoices = useRegionChoices();
  // The home page opens the region/offer modal by itself, so there it wakes at once.
  const isHome = context.path === '/';
  // The panels' forms offer the services published (the same list as the form pages and the server's check).
  const formServices = formServiceOptions(context.content.services);

  const { preview } = context;
  return (
    <>
      {preview && <PreviewBar notice={preview} />}
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <div id="top" tabIndex={-1} />
      <TopBar />
      <header className="site-header">
        <div className="container site-header__inner">
          <a className="site-header__logo" href="/">
            <img src={asset('images/logo.svg')} alt={`${business.name} home`} width={180} height={40} />
          </a>
          <nav className="main-nav" aria-label="Main">
            <ul className="main-nav__list">
              {/* Staff may give two items one label: the index is what tells them apart. */}
              {navigation.map((item, index) =>
                item.children ? (
                  <li key={index} className="main-nav__item">
                    {/* `name` makes the dropdowns exclusive: opening one closes the other. */}
                    <details className="dropdown" name="main-nav">
                      <summary>{item.label}</summary>
                      <ul className="dropdown__menu">
                        {item.children.map((child, childIndex) => (
                          <li key={childIndex}>
                            <a href={child.href} aria-current={isCurrent(child.href)}>
                              {child.label}
                            </a>
                          </li>
                        ))}
                      </ul>
                    </details>
                  </li>
                ) : (
                  <li key={index} className="main-nav__item">
                    <a href={item.href} aria-current={isCurrent(item.href)}>
                      {item.label}
                    </a>
                  </li>
                ),
              )}
            </ul>
          </nav>
          <a className="button site-header__cta" href="/quote">
            Get a Quote
          </a>
          <Island name="MobileMenu" hydrate="interaction" props={{ groups: navigation, currentPath: context.path }} />
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SocialBar />
      <SiteFooter />
      <MobileBar />
      {/* The panels wake on the first click of a link that opens them; until then the links lead
          to pages holding the same forms. A preview shows the page alone: no pop-up opens over it
          (its links lead to those pages). */}
      {!preview && (
        <>
          <Island name="EnquirePanel" hydrate="interaction" triggers={ENQUIRE_TRIGGERS} props={{ replyPromise: context.content.facts.replyPromise, services: formServices.enquiry }} />
          <Island name="QuotePopup" hydrate="interaction" triggers={QUOTE_TRIGGERS} props={{ replyPromise: context.content.facts.replyPromise, services: formServices.quote }} />
          <Island
            name="RegionOfferModal"
            hydrate={isHome ? 'load' : 'interaction'}
            sessionDone={isHome ? REGION_MODAL_SHOWN_KEY : undefined}
            triggers={REGION_OFFER_TRIGGERS}
            props={{ regions: regionChoices, autoOpen: isHome, replyPromise: context.content.facts.replyPromise }}
          />
        </>
      )}
      {countsView && !preview && (
        // With JavaScript the chrome script counts the view (with the referrer) at the address in
        // data-view-pixel; without it, this image does (the page's address is its Referer).
        <noscript data-view-pixel={VIEW_PIXEL_PATH}>
          <img className="page-view-pixel" src={VIEW_PIXEL_PATH} alt="" width={1} height={1} />
        </noscript>
      )}
      <a href="#top" className="back-to-top">
        <Icon name="up" />
        <span className="visually-hidden">Back to top</span>
      </a>
    </>
  );
}
