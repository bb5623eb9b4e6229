import { useEffect, useState } from 'react';
import { portfolioMessages } from '../../shared/portfolio/messages';
import { portfolioPrefillOf } from '../../shared/projects';
import { ConfirmDialog } from './ConfirmDialog';
import { useDashboard } from './context';
import { portfolioApi } from './portfolio-api';
import { projectsApi } from './projects-api';
import { AdminIcon } from './icons';
import { PortfolioPanel, type PanelMode } from './PortfolioPanel';
import type { PortfolioItem } from './portfolio-form';
import { ViewHeading } from './ViewHeading';
import type { DashboardView } from './views';
import { LoadStatus, useData, type Loaded } from './kit';

/** Only http(s) links become "Visit Website" (a stored `javascript:` URL must never be clickable). */
export function safeWebsiteLink(link: string | undefined | null): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Portfolio management as the spec has it: the card grid and the detail view share one list, loaded
 * whenever either view is entered; the side panel adds or edits an item; deletes ask first.
 */
export function PortfolioSection({ view }: { view: Extract<DashboardView, { name: 'portfolio' | 'portfolio-detail' }> }) {
  const { api, navigate, notify } = useDashboard();
  // Loaded afresh whenever the grid or the detail view is entered.
  const list = useData((dashboardApi) => portfolioApi(dashboardApi).list(), portfolioMessages.adminListFailed, 'portfolio', view.name);
  const [panel, setPanel] = useState<PanelMode | null>(null);
  const [confirming, setConfirming] = useState<PortfolioItem | null>(null);
  const [deleting, setDeleting] = useState(false);
  const fromProject = view.name === 'portfolio' ? view.fromProject : undefined;

  // "Create portfolio item" on a project: the add panel opens with what the project tells.
  useEffect(() => {
    if (!fromProject) return;
    let current = true;
    projectsApi(api).load(fromProject).then(
      (project) => current && setPanel({ kind: 'add', prefill: portfolioPrefillOf(project) }),
      () => current && notify({ tone: 'error', text: 'The project could not be loaded; add the item by hand.' }),
    );
    return () => {
      current = false;
    };
  }, [api, notify, fromProject]);

  const confirmDelete = async () => {
    if (!confirming) return;
    const item = confirming;
    setDeleting(true);
    try {
      await portfolioApi(api).remove(item._id);
      list.setData((items) => items?.filter((entry) => entry._id !== item._id) ?? null);
      // Navigating clears notices, so it goes first.
      if (view.name === 'portfolio-detail') navigate({ name: 'portfolio' });
      notify({ tone: 'success', text: portfolioMessages.deleted });
    } catch {
      notify({ tone: 'error', text: portfolioMessages.deleteFailed });
    } finally {
      setDeleting(false);
      setConfirming(null);
    }
  };

  const onSaved = (mode: PanelMode) => {
    setPanel(null);
    notify({ tone: 'success', text: mode.kind === 'add' ? portfolioMessages.added : portfolioMessages.updated });
    list.reload();
  };

  const items = list.data ?? [];
  const selected = view.name === 'portfolio-detail' ? items.find((item) => item._id === view.id) : undefined;

  return (
    <>
      {view.name === 'portfolio' ? (
        <>
          <ViewHeading
            title="Portfolio"
            actions={
              <button type="button" className="admin-button" onClick={() => setPanel({ kind: 'add' })}>
                <AdminIcon name="plus" /> Add Portfolio
              </button>
            }
          />
          <LoadStatus of={list} loadingText="Loading portfolio items…" />
          {list.data?.length === 0 && <p className="admin-card admin-empty">No portfolio items yet. Add the first one with Add Portfolio.</p>}
          {items.length > 0 && (
            <ul className="admin-portfolio-grid">
              {items.map((item) => (
                <li key={item._id} className="admin-card admin-portfolio-card">
                  <div className="admin-portfolio-card__image" style={{ backgroundColor: item.bgColor || undefined }}>
                    {item.image && <img src={item.image} alt="" width={300} height={200} loading="lazy" />}
                  </div>
                  <div className="admin-portfolio-card__body">
                    <h2 className="admin-portfolio-card__title">{item.title}</h2>
                    <p className="admin-muted">{item.client}</p>
                    <p className="admin-tags">{item.displayCategories.join(', ')}</p>
                  </div>
                  <div className="admin-portfolio-card__actions">
                    <button type="button" className="admin-button admin-button--ghost admin-button--small" onClick={() => setPanel({ kind: 'edit', item })}>
                      <AdminIcon name="edit" size={16} /> Edit<span className="visually-hidden"> {item.title}</span>
                    </button>
                    <button type="button" className="admin-button admin-button--ghost admin-button--small" onClick={() => navigate({ name: 'portfolio-detail', id: item._id })}>
                      <AdminIcon name="view" size={16} /> View<span className="visually-hidden"> {item.title}</span>
                    </button>
                    <button type="button" className="admin-button admin-button--danger admin-button--small" onClick={() => setConfirming(item)}>
                      <AdminIcon name="trash" size={16} /> Delete<span className="visually-hidden"> {item.title}</span>
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <PortfolioDetail list={list} item={selected} onEdit={(item) => setPanel({ kind: 'edit', item })} onDelete={setConfirming} />
      )}

      {panel && <PortfolioPanel mode={panel} onClose={() => setPanel(null)} onSaved={() => onSaved(panel)} />}
      {confirming && (
        <ConfirmDialog
          title="Delete this portfolio item?"
          message={`"${confirming.title}" will be removed from the website. This cannot be undone.`}
          confirmLabel="Delete"
          busy={deleting}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setConfirming(null)}
        />
      )}
    </>
  );
}

interface PortfolioDetailProps {
  list: Loaded<PortfolioItem[]>;
  item: PortfolioItem | undefined;
  onEdit: (item: PortfolioItem) => void;
  onDelete: (item: PortfolioItem) => void;
}

/** The spec's detail view: image, facts, the case study texts and testimonial, and its actions. */
function PortfolioDetail({ list, item, onEdit, onDelete }: PortfolioDetailProps) {
  const { navigate } = useDashboard();
  const back = (
    <button type="button" className="admin-button admin-button--ghost" onClick={() => navigate({ name: 'portfolio' })}>
      <AdminIcon name="back" /> Back
    </button>
  );
  if (!list.data || !item)
    return (
      <>
        <ViewHeading title="Portfolio item" actions={back} />
        <LoadStatus of={list} loadingText="Loading portfolio items…" />
        {list.data && <p className="admin-card admin-empty">Portfolio not found</p>}
      </>
    );

  const website = safeWebsiteLink(item.websiteLink);
  // The main image at slider size (sharper than the card size) when the server made one.
  const largest = item.heroImageSet?.jpeg.at(-1);
  const hero = largest ?? (item.image ? { url: item.image, width: 300, height: 200 } : null);
  const sections = [
    ['Description', item.description],
    ['Challenge', item.challenge],
    ['Solution', item.solution],
    ['Results', item.results],
  ] as const;
  return (
    <>
      <ViewHeading
        title={item.title}
        actions={
          <>
            {back}
            <button type="button" className="admin-button admin-button--ghost" onClick={() => onEdit(item)}>
              <AdminIcon name="edit" /> Edit
            </button>
            {website && (
              <a className="admin-button admin-button--ghost" href={website} target="_blank" rel="noopener noreferrer">
                <AdminIcon name="external" /> Visit Website<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            )}
            <button type="button" className="admin-button admin-button--danger" onClick={() => onDelete(item)}>
              <AdminIcon name="trash" /> Delete
            </button>
          </>
        }
      />
      <div className="admin-detail">
        <div className="admin-detail__media" style={{ backgroundColor: item.bgColor || undefined }}>
          {hero ? <img src={hero.url} alt={`${item.title} main image`} width={hero.width} height={hero.height} /> : <p>No image</p>}
          {item.images.length > 0 && (
            <ul className="admin-detail__thumbs" aria-label="Slider images">
              {item.images.map((src, index) => (
                <li key={src}>
                  <img src={src} alt={`Slider image ${index + 1}`} width={160} height={120} loading="lazy" />
                </li>
              ))}
            </ul>
          )}
        </div>
        <dl className="admin-card admin-detail__facts">
          <dt>Client</dt>
          <dd>{item.client}</dd>
          <dt>Categories</dt>
          <dd>{item.displayCategories.join(', ')}</dd>
          <dt>Completion date</dt>
          <dd>{item.completionDate || item.date || '—'}</dd>
          <dt>Technologies</dt>
          <dd>{item.technologies || '—'}</dd>
        </dl>
      </div>
      <div className="admin-detail__texts">
        {sections.map(([heading, text]) =>
          text ? (
            <section key={heading} className="admin-card">
              <h2 className="admin-card__title">{heading}</h2>
              <p className="admin-prewrap">{text}</p>
            </section>
          ) : null,
        )}
        {item.testimonial && (item.testimonial.text || item.testimonial.author) && (
          <section className="admin-card">
            <h2 className="admin-card__title">Testimonial</h2>
            <blockquote className="admin-quote">
              <p className="admin-prewrap">{item.testimonial.text}</p>
              <footer>
                {item.testimonial.author}
                {item.testimonial.position && `, ${item.testimonial.position}`}
              </footer>
            </blockquote>
          </section>
        )}
      </div>
    </>
  );
}
