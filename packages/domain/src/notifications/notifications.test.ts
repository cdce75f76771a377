import { describe, expect, it } from 'vitest';
import {
  acceptedPlaceholders,
  CONFIGURABLE_EVENTS,
  fillPlaceholders,
  NOTIFICATION_EVENTS,
  notificationEvent,
  placeholdersIn,
  SAMPLE_PLACEHOLDER_VALUES,
  smsLength,
  unknownPlaceholders,
} from './index.js';

describe('smsLength: counted as an SMS provider bills', () => {
  it('counts plain ASCII as GSM-7: 160 in one message, 153 per part beyond', () => {
    expect(smsLength('a'.repeat(160))).toEqual({ encoding: 'gsm7', units: 160, segments: 1, perSegment: 160 });
    expect(smsLength('a'.repeat(161))).toEqual({ encoding: 'gsm7', units: 161, segments: 2, perSegment: 153 });
    expect(smsLength('a'.repeat(306)).segments).toBe(2);
    expect(smsLength('a'.repeat(307)).segments).toBe(3);
  });

  it('counts the GSM extension characters twice', () => {
    expect(smsLength('€[]').units).toBe(6);
    expect(smsLength('{}').encoding).toBe('gsm7');
  });

  it('sends a text with Romanian diacritics as UCS-2: 70 in one message, 67 per part', () => {
    const text = `Cererea dumneavoastră a fost înregistrată. ${'x'.repeat(27)}`;
    expect(text.length).toBe(70);
    expect(smsLength(text)).toEqual({ encoding: 'ucs2', units: 70, segments: 1, perSegment: 70 });
    expect(smsLength(`${text}ț`)).toEqual({ encoding: 'ucs2', units: 71, segments: 2, perSegment: 67 });
  });

  it('counts a character outside the BMP as two UCS-2 units, and an empty text as nothing', () => {
    expect(smsLength('😀')).toEqual({ encoding: 'ucs2', units: 2, segments: 1, perSegment: 70 });
    expect(smsLength('').segments).toBe(0);
  });
});

describe('placeholders', () => {
  it('finds each placeholder once, with spaces inside the braces allowed', () => {
    expect(placeholdersIn('{{a}} {{ b }} {{a}} {c} {{d-e}}')).toEqual(['a', 'b']);
  });

  it('reports the placeholders an event does not accept, common ones accepted everywhere', () => {
    const accepted = acceptedPlaceholders('application.clarification_requested');
    expect(accepted).toContain('clarification_message');
    expect(accepted).toContain('recipient_name');
    expect(unknownPlaceholders('{{recipient_name}} {{clarification_message}} {{cnp}}', accepted)).toEqual(['cnp']);
  });

  it('fills values through the encoder and leaves missing ones empty', () => {
    const html = fillPlaceholders('<p>{{name}} – {{missing}}</p>', { name: '<b>Ana</b>' }, (v) => v.replace(/</g, '&lt;'));
    expect(html).toBe('<p>&lt;b>Ana&lt;/b> – </p>');
  });
});

describe('the catalogue', () => {
  it('names every event once, each with at least one channel and sample values for its placeholders', () => {
    const types = NOTIFICATION_EVENTS.map((e) => e.type);
    expect(new Set(types).size).toBe(types.length);
    for (const event of NOTIFICATION_EVENTS) {
      expect(event.channels.length).toBeGreaterThan(0);
      for (const name of acceptedPlaceholders(event.type)) expect(SAMPLE_PLACEHOLDER_VALUES[name], name).toBeTruthy();
    }
  });

  it('lets users configure the application, complaint and payment events, never the account links and codes', () => {
    expect(CONFIGURABLE_EVENTS.map((e) => e.type)).toContain('application.clarification_requested');
    expect(CONFIGURABLE_EVENTS.map((e) => e.type)).toContain('complaint.answered');
    expect(notificationEvent('account.password_reset')?.configurable).toBe(false);
    expect(CONFIGURABLE_EVENTS.every((e) => ['application', 'complaint', 'payment'].includes(e.group))).toBe(true);
  });
});
