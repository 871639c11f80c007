// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentServicePage, AgentServiceRow } from '../../../../shared/api/service-metrics';
import { json, stubApi } from '../../../testing/api-stub';
import { renderWithApp } from '../../../testing/render-app';
import { AgentsTab } from './agents-tab';

const ADA: AgentServiceRow = {
  agentId: '11111111-1111-4111-8111-111111111111',
  firstName: 'Ada',
  lastName: 'Desk',
  email: 'ada@example.com',
  chatsHandled: 12,
  firstResponses: 9,
  medianFirstResponseSeconds: 200,
  resolved: 7,
  ordersCompleted: 3,
  ordersVolumeNgn: '1500000.50',
  breakSeconds: 4200,
};
const BOLA: AgentServiceRow = {
  ...ADA,
  agentId: '22222222-2222-4222-8222-222222222222',
  firstName: 'Bola',
  email: 'bola@example.com',
  chatsHandled: 0,
  firstResponses: 0,
  medianFirstResponseSeconds: null,
  resolved: 0,
  ordersCompleted: 0,
  ordersVolumeNgn: '0.00',
  breakSeconds: 0,
};

function pageFor(period: string, items: AgentServiceRow[]): AgentServicePage {
  const from = { today: '2026-11-20', '7d': '2026-11-14', '30d': '2026-10-22' }[period]!;
  return {
    period: period as AgentServicePage['period'],
    range: { from, to: '2026-11-20', timeZone: 'Africa/Lagos' },
    items,
    nextCursor: null,
  };
}

function row(name: string): HTMLElement {
  return screen.getAllByTestId('agent-service-row').find((r) => r.textContent?.includes(name))!;
}

afterEach(() => cleanup());

describe('AgentsTab', () => {
  it("shows each agent's figures for today, with units, and the period in the header", async () => {
    const calls = stubApi({
      'GET /api/service-metrics/agents': ({ query }) =>
        json(pageFor(query.get('period')!, [ADA, BOLA])),
    });
    renderWithApp(<AgentsTab />);
    await screen.findByText('Ada Desk');
    expect(calls[0]!.url).toBe('/api/service-metrics/agents?period=today');
    await waitFor(() =>
      expect(screen.getByTestId('agents-period').textContent).toBe('Today20 Nov 2026, Lagos time'),
    );
    const ada = row('Ada Desk');
    expect(within(ada).getByTestId('agent-chats').textContent).toBe('12');
    expect(within(ada).getByTestId('agent-first-response').textContent).toBe('3 min 20 sof 9');
    expect(within(ada).getByTestId('agent-resolved').textContent).toBe('7');
    expect(within(ada).getByTestId('agent-orders').textContent).toBe('3');
    expect(within(ada).getByTestId('agent-volume').textContent).toBe('₦1,500,000.50');
    expect(within(ada).getByTestId('agent-break').textContent).toBe('1 h 10 min');
    const bola = row('Bola Desk');
    expect(within(bola).getByTestId('agent-first-response').textContent).toBe('-');
    expect(within(bola).getByTestId('agent-volume').textContent).toBe('₦0.00');
    expect(within(bola).getByTestId('agent-break').textContent).toBe('-');
    const csv = screen.getByRole('link', { name: 'Export agents (CSV)' });
    expect(csv.getAttribute('href')).toBe('/api/service-metrics/agents.csv?period=today');
  });

  it('asks for another period and says which days it covers; the CSV follows', async () => {
    const calls = stubApi({
      'GET /api/service-metrics/agents': ({ query }) =>
        json(pageFor(query.get('period')!, query.get('period') === '7d' ? [ADA] : [BOLA])),
    });
    renderWithApp(<AgentsTab />);
    await screen.findByText('Bola Desk');
    fireEvent.click(screen.getByRole('button', { name: '7 days' }));
    await screen.findByText('Ada Desk');
    expect(calls.at(-1)!.url).toBe('/api/service-metrics/agents?period=7d');
    await waitFor(() =>
      expect(screen.getByTestId('agents-period').textContent).toBe(
        'Last 7 days14 Nov – 20 Nov 2026, Lagos time',
      ),
    );
    expect(screen.getByRole('link', { name: 'Export agents (CSV)' }).getAttribute('href')).toBe(
      '/api/service-metrics/agents.csv?period=7d',
    );
    fireEvent.click(screen.getByRole('button', { name: '30 days' }));
    await waitFor(() =>
      expect(screen.getByTestId('agents-period').textContent).toBe(
        'Last 30 days22 Oct – 20 Nov 2026, Lagos time',
      ),
    );
  });

  it('says "Failed to fetch agents" when the figures cannot load', async () => {
    stubApi({
      'GET /api/service-metrics/agents': () => json({ error: 'Internal Server Error' }, 500),
    });
    renderWithApp(<AgentsTab />);
    expect(await screen.findByText('Failed to fetch agents')).toBeTruthy();
  });
});
