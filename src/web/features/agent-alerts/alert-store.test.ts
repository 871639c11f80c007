// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { createAgentAlertStore, UNREAD_STORAGE_KEY } from './alert-store';
import { makeSession, messageCreated, sessionCreated } from '../../testing/fixtures';

let visible = true;
const store = () => createAgentAlertStore({ storage: sessionStorage, isVisible: () => visible });

beforeEach(() => {
  sessionStorage.clear();
  visible = true;
});

describe('agent alert store', () => {
  it('counts customer messages per session', () => {
    const alerts = store();
    alerts.handleEvent(messageCreated(1));
    alerts.handleEvent(messageCreated(1));
    alerts.handleEvent(messageCreated(2));
    expect(alerts.getSnapshot()).toEqual({ 1: 2, 2: 1 });
  });

  it("never counts the agent side's own messages", () => {
    const alerts = store();
    expect(alerts.handleEvent(messageCreated(1, { senderRole: 'agent' }))).toBeNull();
    expect(alerts.getSnapshot()).toEqual({});
  });

  it('says what is new: the customer, and the text (null for a photo)', () => {
    const alerts = store();
    expect(alerts.handleEvent(sessionCreated(makeSession({ id: 4 })))).toEqual({
      kind: 'chat',
      sessionId: 4,
      customerName: 'Ada Obi',
    });
    expect(alerts.handleEvent(messageCreated(4, { content: 'Rate for 200 USDT?' }))).toEqual({
      kind: 'message',
      sessionId: 4,
      customerName: 'Ada Obi',
      text: 'Rate for 200 USDT?',
    });
    expect(alerts.handleEvent(messageCreated(9, { messageType: 'image', content: '' }))).toEqual({
      kind: 'message',
      sessionId: 9,
      customerName: null,
      text: null,
    });
  });

  it('counts a new chat once, until its first message takes its place', () => {
    const alerts = store();
    alerts.handleEvent(sessionCreated(makeSession({ id: 3 })));
    expect(alerts.getSnapshot()).toEqual({ 3: 1 });
    alerts.handleEvent(messageCreated(3));
    expect(alerts.getSnapshot()).toEqual({ 3: 1 });
    alerts.handleEvent(messageCreated(3));
    expect(alerts.getSnapshot()).toEqual({ 3: 2 });
  });

  it('counts an event once, however many screens hand it over', () => {
    const alerts = store();
    const event = messageCreated(1);
    expect(alerts.handleEvent(event)).not.toBeNull();
    expect(alerts.handleEvent(event)).toBeNull();
    expect(alerts.getSnapshot()).toEqual({ 1: 1 });
  });

  it('does not count the conversation on screen, and opening one clears its count', () => {
    const alerts = store();
    alerts.handleEvent(messageCreated(1));
    alerts.handleEvent(messageCreated(2));
    alerts.setViewing(1);
    expect(alerts.getSnapshot()).toEqual({ 2: 1 });
    expect(alerts.handleEvent(messageCreated(1))).toBeNull();
    expect(alerts.getSnapshot()).toEqual({ 2: 1 });
    alerts.setViewing(null);
    alerts.handleEvent(messageCreated(1));
    expect(alerts.getSnapshot()).toEqual({ 1: 1, 2: 1 });
  });

  it('counts the open conversation while the page is hidden, and clears it on return', () => {
    const alerts = store();
    alerts.setViewing(1);
    visible = false;
    expect(alerts.handleEvent(messageCreated(1))).not.toBeNull();
    alerts.visibilityChanged();
    expect(alerts.getSnapshot()).toEqual({ 1: 1 });
    visible = true;
    alerts.visibilityChanged();
    expect(alerts.getSnapshot()).toEqual({});
  });

  it('opening a conversation in a hidden page (a background tab) does not clear it', () => {
    const alerts = store();
    alerts.handleEvent(messageCreated(1));
    visible = false;
    alerts.setViewing(1);
    expect(alerts.getSnapshot()).toEqual({ 1: 1 });
  });

  it('tells its subscribers, and ignores other events', () => {
    const alerts = store();
    let calls = 0;
    const unsubscribe = alerts.subscribe(() => calls++);
    alerts.handleEvent(messageCreated(1));
    alerts.clear(1);
    alerts.clear(1);
    expect(calls).toBe(2);
    expect(
      alerts.handleEvent({
        id: 99_999,
        type: 'customer.updated',
        customer: makeSession({ id: 1 }).customer,
      }),
    ).toBeNull();
    unsubscribe();
    alerts.handleEvent(messageCreated(1));
    expect(calls).toBe(2);
  });

  it('keeps the counts in sessionStorage, so a reload keeps them', () => {
    const first = store();
    first.handleEvent(sessionCreated(makeSession({ id: 5 })));
    first.handleEvent(messageCreated(6));
    first.handleEvent(messageCreated(6));
    const reloaded = store();
    expect(reloaded.getSnapshot()).toEqual({ 5: 1, 6: 2 });
    // The new chat is still new after the reload: its first message takes its place.
    reloaded.handleEvent(messageCreated(5));
    expect(reloaded.getSnapshot()).toEqual({ 5: 1, 6: 2 });
    reloaded.clear(5);
    reloaded.clear(6);
    expect(sessionStorage.getItem(UNREAD_STORAGE_KEY)).toBeNull();
  });

  it('starts from nothing when the stored copy is unreadable', () => {
    sessionStorage.setItem(UNREAD_STORAGE_KEY, '{not json');
    expect(store().getSnapshot()).toEqual({});
    sessionStorage.setItem(UNREAD_STORAGE_KEY, JSON.stringify({ counts: { 1: -2, x: 3, 2: 4 } }));
    expect(store().getSnapshot()).toEqual({ 2: 4 });
  });

  it('reset forgets everything', () => {
    const alerts = store();
    alerts.handleEvent(messageCreated(1));
    alerts.reset();
    expect(alerts.getSnapshot()).toEqual({});
    expect(sessionStorage.getItem(UNREAD_STORAGE_KEY)).toBeNull();
  });
});
