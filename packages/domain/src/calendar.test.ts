import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  addWorkingDays,
  holidaysOn,
  isRomanianHoliday,
  isWorkingDay,
  orthodoxEaster,
  romanianHolidays,
  toIsoDate,
  todayInRomania,
  workingDaysBetween,
} from './calendar.js';

describe('orthodoxEaster', () => {
  it.each([
    [2024, '2024-05-05'],
    [2025, '2025-04-20'],
    [2026, '2026-04-12'],
    [2027, '2027-05-02'],
    [2023, '2023-04-16'],
    [2005, '2005-05-01'],
    [2000, '2000-04-30'],
  ])('%i → %s', (year, easter) => {
    expect(orthodoxEaster(year)).toBe(easter);
  });

  it('is always a Sunday between 4 April and 8 May (1900–2099)', () => {
    for (let year = 1900; year <= 2099; year++) {
      const easter = orthodoxEaster(year);
      expect(new Date(easter).getUTCDay()).toBe(0);
      expect(easter.slice(5) >= '04-04' && easter.slice(5) <= '05-08').toBe(true);
    }
  });

  it('stays a Sunday in April or May after 2100, when the calendar gap grows to 14 days', () => {
    for (let year = 2100; year <= 2199; year++) {
      const easter = orthodoxEaster(year);
      expect(new Date(easter).getUTCDay()).toBe(0);
      expect(easter.slice(5) >= '04-05' && easter.slice(5) <= '05-09').toBe(true);
    }
  });

  it('refuses years outside the Gregorian range it supports', () => {
    expect(() => orthodoxEaster(1500)).toThrow(RangeError);
    expect(() => orthodoxEaster(2026.5)).toThrow(RangeError);
  });
});

describe('romanianHolidays', () => {
  it('lists the 2026 holidays with their Romanian names, sorted by date', () => {
    expect(romanianHolidays(2026).map((h) => [h.date, h.name])).toEqual([
      ['2026-01-01', 'Anul Nou'],
      ['2026-01-02', 'A doua zi de Anul Nou'],
      ['2026-01-06', 'Botezul Domnului – Boboteaza'],
      ['2026-01-07', 'Soborul Sfântului Proroc Ioan Botezătorul'],
      ['2026-01-24', 'Ziua Unirii Principatelor Române'],
      ['2026-04-10', 'Vinerea Mare'],
      ['2026-04-12', 'Paștele'],
      ['2026-04-13', 'A doua zi de Paște'],
      ['2026-05-01', 'Ziua Muncii'],
      ['2026-05-31', 'Rusaliile'],
      ['2026-06-01', 'Ziua Copilului'],
      ['2026-06-01', 'A doua zi de Rusalii'],
      ['2026-08-15', 'Adormirea Maicii Domnului'],
      ['2026-11-30', 'Sfântul Apostol Andrei, Ocrotitorul României'],
      ['2026-12-01', 'Ziua Națională a României'],
      ['2026-12-25', 'Crăciunul'],
      ['2026-12-26', 'A doua zi de Crăciun'],
    ]);
  });

  it('places the movable feasts from Orthodox Easter 2025 (20 April)', () => {
    const byKey = Object.fromEntries(romanianHolidays(2025).map((h) => [h.key, h.date]));
    expect(byKey.goodFriday).toBe('2025-04-18');
    expect(byKey.easter).toBe('2025-04-20');
    expect(byKey.easterMonday).toBe('2025-04-21');
    expect(byKey.pentecost).toBe('2025-06-08');
    expect(byKey.pentecostMonday).toBe('2025-06-09');
  });

  it('applies each holiday from the year its law introduced it', () => {
    const keys = (year: number) => romanianHolidays(year).map((h) => h.key);
    expect(keys(2023)).not.toContain('epiphany');
    expect(keys(2024)).toContain('epiphany');
    expect(keys(2024)).toContain('saintJohn');
    expect(keys(2017)).not.toContain('goodFriday');
    expect(keys(2018)).toContain('goodFriday');
    expect(keys(2016)).not.toContain('unionDay');
    expect(keys(2016)).not.toContain('childrensDay');
    expect(keys(2017)).toContain('unionDay');
    expect(romanianHolidays(2026)).toHaveLength(17);
  });

  it('uses comma-below diacritics only', () => {
    const names = romanianHolidays(2026)
      .map((h) => h.name)
      .join(' ');
    expect(names).not.toMatch(/[şţŞŢ]/);
    expect(names).toMatch(/[șț]/);
  });
});

describe('holidaysOn and isRomanianHoliday', () => {
  it('finds both holidays of 1 June 2026', () => {
    expect(holidaysOn('2026-06-01').map((h) => h.key)).toEqual(['childrensDay', 'pentecostMonday']);
    expect(holidaysOn('2026-06-02')).toEqual([]);
  });

  it('counts holidays falling on a weekend too', () => {
    // 24 January 2026 is a Saturday.
    expect(isRomanianHoliday('2026-01-24')).toBe(true);
    expect(isRomanianHoliday(new Date('2026-12-25T18:00:00Z'))).toBe(true);
    expect(isRomanianHoliday('2026-12-24')).toBe(false);
  });
});

describe('isWorkingDay', () => {
  it('is false on weekends', () => {
    expect(isWorkingDay('2026-03-14')).toBe(false);
    expect(isWorkingDay('2026-03-15')).toBe(false);
  });

  it('is false on weekday holidays', () => {
    expect(isWorkingDay('2026-04-10')).toBe(false);
    expect(isWorkingDay('2026-04-13')).toBe(false);
    expect(isWorkingDay('2026-01-06')).toBe(false);
    expect(isWorkingDay('2026-12-01')).toBe(false);
  });

  it('is true on ordinary weekdays', () => {
    expect(isWorkingDay('2026-03-16')).toBe(true);
    expect(isWorkingDay('2026-04-14')).toBe(true);
    expect(isWorkingDay(new Date(Date.UTC(2026, 3, 9)))).toBe(true);
  });
});

describe('addWorkingDays', () => {
  it('skips the Easter 2026 weekend (Good Friday to Easter Monday)', () => {
    // Thursday 9 April → Friday 10 (holiday), Sat, Sun, Monday 13 (holiday) → Tuesday 14.
    expect(addWorkingDays('2026-04-09', 1)).toBe('2026-04-14');
    expect(addWorkingDays('2026-04-09', 2)).toBe('2026-04-15');
  });

  it('skips the Rusalii / Children’s Day weekend of 2026', () => {
    // Friday 29 May → Sat 30, Sun 31 (Rusalii), Monday 1 June (holiday) → Tuesday 2 June.
    expect(addWorkingDays('2026-05-29', 1)).toBe('2026-06-02');
  });

  it('crosses the new year with 1, 2, 6 and 7 January 2026', () => {
    // Wed 31 Dec 2025 → Thu 1, Fri 2 (holidays), weekend, Mon 5 → Tue 6, Wed 7 (holidays) → Thu 8.
    expect(addWorkingDays('2025-12-31', 1)).toBe('2026-01-05');
    expect(addWorkingDays('2025-12-31', 2)).toBe('2026-01-08');
  });

  it('does not count the start day, even when it is a holiday', () => {
    expect(addWorkingDays('2026-04-10', 1)).toBe('2026-04-14');
    expect(addWorkingDays('2026-03-13', 1)).toBe('2026-03-16');
  });

  it('returns the start day for 0', () => {
    expect(addWorkingDays('2026-04-11', 0)).toBe('2026-04-11');
  });

  it('counts 30 working days for a typical deadline', () => {
    // 2 March 2026 + 30 working days, with Good Friday and Easter Monday on the way.
    expect(addWorkingDays('2026-03-02', 30)).toBe('2026-04-15');
  });

  it('goes backwards for negative n', () => {
    expect(addWorkingDays('2026-04-14', -1)).toBe('2026-04-09');
    // Thu 8 Jan → Wed 7, Tue 6 (holidays), Mon 5 (1), weekend, Fri 2, Thu 1 (holidays), Wed 31 Dec (2).
    expect(addWorkingDays('2026-01-08', -2)).toBe('2025-12-31');
  });

  it('accepts a Date and refuses fractional counts', () => {
    expect(addWorkingDays(new Date('2026-04-09T23:30:00Z'), 1)).toBe('2026-04-14');
    expect(() => addWorkingDays('2026-04-09', 1.5)).toThrow(RangeError);
  });
});

describe('workingDaysBetween', () => {
  it('counts the working days after the start up to and including the end', () => {
    // (9 April, 17 April]: 14, 15, 16, 17.
    expect(workingDaysBetween('2026-04-09', '2026-04-17')).toBe(4);
    expect(workingDaysBetween('2026-04-09', '2026-04-13')).toBe(0);
    expect(workingDaysBetween('2026-03-16', '2026-03-16')).toBe(0);
  });

  it('is the inverse of addWorkingDays for positive counts', () => {
    for (const start of ['2026-04-09', '2026-05-29', '2025-12-31', '2026-03-14']) {
      for (const n of [0, 1, 5, 23]) {
        expect(workingDaysBetween(start, addWorkingDays(start, n))).toBe(n);
      }
    }
  });

  it('counts a whole year: 2026 has 250 working days', () => {
    // 261 weekdays minus the 11 holidays that fall Monday to Friday (1, 2, 6, 7 Jan, Good Friday,
    // Easter Monday, 1 May, 1 June, 30 Nov, 1 Dec, 25 Dec).
    expect(workingDaysBetween('2025-12-31', '2026-12-31')).toBe(250);
  });

  it('is negative when the end is before the start', () => {
    expect(workingDaysBetween('2026-04-17', '2026-04-09')).toBe(-4);
  });
});

describe('date helpers', () => {
  it('toIsoDate reads a Date by its UTC day and checks strings', () => {
    expect(toIsoDate(new Date('2026-04-10T23:59:59Z'))).toBe('2026-04-10');
    expect(toIsoDate('2024-02-29')).toBe('2024-02-29');
    expect(() => toIsoDate('2023-02-29')).toThrow(RangeError);
    expect(() => toIsoDate('10.04.2026')).toThrow(RangeError);
    expect(() => toIsoDate(new Date('nope'))).toThrow(RangeError);
  });

  it('addCalendarDays crosses months and years', () => {
    expect(addCalendarDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addCalendarDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('todayInRomania uses Bucharest time', () => {
    // 22:30 UTC on 14 March 2026 is 00:30 on 15 March in Bucharest (UTC+2).
    expect(todayInRomania(new Date('2026-03-14T22:30:00Z'))).toBe('2026-03-15');
    // 20:30 UTC on 14 July 2026 is 23:30 in Bucharest (UTC+3, summer time).
    expect(todayInRomania(new Date('2026-07-14T20:30:00Z'))).toBe('2026-07-14');
    expect(todayInRomania(new Date('2026-07-14T21:30:00Z'))).toBe('2026-07-15');
  });
});
