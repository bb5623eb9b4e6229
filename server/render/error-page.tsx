import type { RenderErrorPage } from '../middleware/error-handler';
import { ErrorPage } from '../../views/pages/ErrorPage';
import type { RenderPage } from './render-page';

export function renderErrorPage(renderPage: RenderPage): RenderErrorPage {
  return ({ status, message, path }) =>
    renderPage({
      path,
      meta: { title: status === 404 ? 'Page not found' : 'Something went wrong', description: message, noindex: true },
      page: <ErrorPage status={status} message={message} />,
    });
}
