import { renderToStaticMarkup } from 'react-dom/server';
import { DashboardContext } from './context';
import { TaskReply } from './TasksView';
import { offlineServices } from './test-services';

const render = (lead: Parameters<typeof TaskReply>[0]['lead']) =>
  renderToStaticMarkup(
    <DashboardContext.Provider value={offlineServices}>
      <TaskReply lead={lead} />
    </DashboardContext.Provider>,
  );

describe('a task’s Reply', () => {
  it('opens the lead’s page at its composer, not a mail program', () => {
    const html = render({ _id: '6f1c2a9e-7d0b-4a55-9e3f-0d6a1b2c3d4e', type: 'quote', email: 'olivia@example.com', name: 'Olivia Overdue' });
    expect(html).toBe(
      '<a href="/admin/dashboard/messages/quote/6f1c2a9e-7d0b-4a55-9e3f-0d6a1b2c3d4e?reply" class="admin-button admin-button--ghost admin-button--small">Reply<span class="visually-hidden"> to Olivia Overdue</span></a>',
    );
    expect(html).not.toContain('mailto:');
  });

  it('is not offered for a lead with no address to answer', () => {
    expect(render({ _id: '6f1c2a9e-7d0b-4a55-9e3f-0d6a1b2c3d4e', type: 'contact', email: null, name: 'Erased' })).toBe('');
  });
});
