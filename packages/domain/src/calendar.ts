/**
 * Working-day calendar of Romania: legal holidays of Codul muncii (Legea 53/2003) art. 139 and
 * working-day arithmetic for deadlines.
 *
 * Date convention: a calendar day is a `'YYYY-MM-DD'` string (what the functions return). Inputs
 * may also be a `Date`, read by its UTC calendar day (`new Date('2026-04-10')` is 10 April, as is
 * `new Date(Date.UTC(2026, 3, 10))`). No time zone other than UTC is involved, so the result does
 * not depend on where the code runs; use {@link todayInRomania} to get "today" as Romania sees it.
 */

/** A calendar day as a `'YYYY-MM-DD'` string or a `Date` read by its UTC calendar day. */
export type DateInput = string | Date;

/** Identifier of a Romanian legal holiday, for translations (the portal speaks ro, en, hu). */
export type RomanianHolidayKey =
  | 'newYear'
  | 'newYearSecondDay'
  | 'epiphany'
  | 'saintJohn'
  | 'unionDay'
  | 'goodFriday'
  | 'easter'
  | 'easterMonday'
  | 'labourDay'
  | 'childrensDay'
  | 'pentecost'
  | 'pentecostMonday'
  | 'assumption'
  | 'saintAndrew'
  | 'nationalDay'
  | 'christmas'
  | 'christmasSecondDay';

/** One legal holiday: the day, a stable key and the Romanian name. */
export interface RomanianHoliday {
  /** `'YYYY-MM-DD'`. */
  date: string;
  key: RomanianHolidayKey;
  /** Romanian name, with comma-below diacritics. */
  name: string;
}

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 for a UTC calendar day. */
function toDayNumber(date: DateInput): number {
  if (typeof date === 'string') {
    const match = ISO_DATE.exec(date);
    if (!match) throw new RangeError(`Data nu este în formatul AAAA-LL-ZZ: ${date}`);
    const [, y, m, d] = match;
    const ms = Date.UTC(Number(y), Number(m) - 1, Number(d));
    const check = new Date(ms);
    if (check.getUTCMonth() !== Number(m) - 1 || check.getUTCDate() !== Number(d)) {
      throw new RangeError(`Data nu există în calendar: ${date}`);
    }
    return ms / DAY_MS;
  }
  const ms = date.getTime();
  if (Number.isNaN(ms)) throw new RangeError('Data nu este validă');
  return Math.floor(ms / DAY_MS);
}

function fromDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The UTC calendar day of a date as `'YYYY-MM-DD'`. Strings are checked (a `'YYYY-MM-DD'` that
 * does not exist, such as `'2024-02-30'`, throws a `RangeError`) and returned as they are.
 */
export function toIsoDate(date: DateInput): string {
  return fromDayNumber(toDayNumber(date));
}

/**
 * Adds `days` calendar days (negative to go back) to a day; returns `'YYYY-MM-DD'`.
 */
export function addCalendarDays(date: DateInput, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError('Numărul de zile trebuie să fie întreg');
  return fromDayNumber(toDayNumber(date) + days);
}

let bucharestFormatter: Intl.DateTimeFormat | undefined;

/**
 * Today's calendar day in Romania (time zone Europe/Bucharest) as `'YYYY-MM-DD'`, whatever the
 * time zone of the server or browser. `now` is injectable for tests.
 */
export function todayInRomania(now: Date = new Date()): string {
  bucharestFormatter ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Bucharest',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts = bucharestFormatter.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * Orthodox Easter Sunday of `year` as a Gregorian `'YYYY-MM-DD'`.
 *
 * Meeus' Julian algorithm gives the date in the Julian calendar; it is converted to the Gregorian
 * calendar by adding the Julian–Gregorian gap, `floor(year / 100) - floor(year / 400) - 2` days
 * (13 days for 1900–2099, 14 for 2100–2199). Valid for Gregorian years 1583 to 9999.
 *
 * @example orthodoxEaster(2026) // '2026-04-12'
 */
export function orthodoxEaster(year: number): string {
  if (!Number.isInteger(year) || year < 1583 || year > 9999) {
    throw new RangeError(`Anul trebuie să fie între 1583 și 9999: ${year}`);
  }
  const a = year % 4;
  const b = year % 7;
  const c = year % 19;
  const d = (19 * c + 15) % 30;
  const e = (2 * a + 4 * b - d + 34) % 7;
  const month = Math.floor((d + e + 114) / 31);
  const day = ((d + e + 114) % 31) + 1;
  const gap = Math.floor(year / 100) - Math.floor(year / 400) - 2;
  return fromDayNumber(Date.UTC(year, month - 1, day) / DAY_MS + gap);
}

interface FixedHoliday {
  month: number;
  day: number;
  key: RomanianHolidayKey;
  name: string;
  /** First year the holiday applies (the law that introduced it). */
  since?: number;
}

const FIXED_HOLIDAYS: readonly FixedHoliday[] = [
  { month: 1, day: 1, key: 'newYear', name: 'Anul Nou' },
  { month: 1, day: 2, key: 'newYearSecondDay', name: 'A doua zi de Anul Nou' },
  // Legea 52/2023, from 2024.
  { month: 1, day: 6, key: 'epiphany', name: 'Botezul Domnului – Boboteaza', since: 2024 },
  { month: 1, day: 7, key: 'saintJohn', name: 'Soborul Sfântului Proroc Ioan Botezătorul', since: 2024 },
  // Legea 171/2016, from 2017.
  { month: 1, day: 24, key: 'unionDay', name: 'Ziua Unirii Principatelor Române', since: 2017 },
  { month: 5, day: 1, key: 'labourDay', name: 'Ziua Muncii' },
  // Legea 220/2016, from 2017.
  { month: 6, day: 1, key: 'childrensDay', name: 'Ziua Copilului', since: 2017 },
  // Legea 202/2008, from 2009.
  { month: 8, day: 15, key: 'assumption', name: 'Adormirea Maicii Domnului', since: 2009 },
  // Legea 147/2012, from 2012.
  { month: 11, day: 30, key: 'saintAndrew', name: 'Sfântul Apostol Andrei, Ocrotitorul României', since: 2012 },
  { month: 12, day: 1, key: 'nationalDay', name: 'Ziua Națională a României' },
  { month: 12, day: 25, key: 'christmas', name: 'Crăciunul' },
  { month: 12, day: 26, key: 'christmasSecondDay', name: 'A doua zi de Crăciun' },
];

interface EasterHoliday {
  /** Days from Orthodox Easter Sunday. */
  offset: number;
  key: RomanianHolidayKey;
  name: string;
  since?: number;
}

const EASTER_HOLIDAYS: readonly EasterHoliday[] = [
  // Legea 64/2018, from 2018.
  { offset: -2, key: 'goodFriday', name: 'Vinerea Mare', since: 2018 },
  { offset: 0, key: 'easter', name: 'Paștele' },
  { offset: 1, key: 'easterMonday', name: 'A doua zi de Paște' },
  { offset: 49, key: 'pentecost', name: 'Rusaliile' },
  { offset: 50, key: 'pentecostMonday', name: 'A doua zi de Rusalii' },
];

const holidayCache = new Map<number, readonly RomanianHoliday[]>();
const holidayDayCache = new Map<number, ReadonlySet<number>>();

/**
 * The legal non-working holidays of Romania in `year` (Codul muncii art. 139 alin. (1)), sorted by
 * date: 1 and 2 January, 6 January (Boboteaza), 7 January (Sf. Ioan), 24 January, Orthodox Good
 * Friday, Easter Sunday and Monday, 1 May, 1 June, Orthodox Pentecost (Rusalii) Sunday and Monday,
 * 15 August, 30 November, 1 December, 25 and 26 December.
 *
 * Each holiday is listed from the year the law introduced it (6–7 January from 2024, Good Friday
 * from 2018, 24 January and 1 June from 2017, 30 November from 2012, 15 August from 2009); the
 * list is therefore exact from 2009 on. Two holidays may fall on the same day (in 2026 Pentecost
 * Monday is 1 June): both entries are kept. The days off of non-Christian cults and the extra days
 * off the Government grants to public employees are not legal holidays and are not included.
 */
export function romanianHolidays(year: number): readonly RomanianHoliday[] {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const easter = orthodoxEaster(year);
  const applies = (since: number | undefined) => since === undefined || year >= since;
  const list: RomanianHoliday[] = [
    ...FIXED_HOLIDAYS.filter((h) => applies(h.since)).map((h) => ({
      date: `${year}-${String(h.month).padStart(2, '0')}-${String(h.day).padStart(2, '0')}`,
      key: h.key,
      name: h.name,
    })),
    ...EASTER_HOLIDAYS.filter((h) => applies(h.since)).map((h) => ({
      date: addCalendarDays(easter, h.offset),
      key: h.key,
      name: h.name,
    })),
  ].sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0));
  const frozen = Object.freeze(list.map((h) => Object.freeze(h)));
  holidayCache.set(year, frozen);
  return frozen;
}

function holidayDays(year: number): ReadonlySet<number> {
  let days = holidayDayCache.get(year);
  if (!days) {
    days = new Set(romanianHolidays(year).map((h) => toDayNumber(h.date)));
    holidayDayCache.set(year, days);
  }
  return days;
}

function isWorkingDayNumber(day: number): boolean {
  const date = new Date(day * DAY_MS);
  const weekday = date.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !holidayDays(date.getUTCFullYear()).has(day);
}

/** The Romanian legal holidays falling on `date` (usually none, sometimes two). */
export function holidaysOn(date: DateInput): readonly RomanianHoliday[] {
  const iso = toIsoDate(date);
  return romanianHolidays(Number(iso.slice(0, 4))).filter((h) => h.date === iso);
}

/** True when `date` is a Romanian legal holiday (whatever the weekday). */
export function isRomanianHoliday(date: DateInput): boolean {
  const day = toDayNumber(date);
  return holidayDays(new Date(day * DAY_MS).getUTCFullYear()).has(day);
}

/** True when `date` is Monday to Friday and not a Romanian legal holiday. */
export function isWorkingDay(date: DateInput): boolean {
  return isWorkingDayNumber(toDayNumber(date));
}

/**
 * The day `n` working days after `date` (before it when `n` is negative), as `'YYYY-MM-DD'`.
 * The start day itself is not counted, whether or not it is a working day: from Friday
 * 2026-04-03, one working day later is Monday 2026-04-06. `n = 0` returns `date` unchanged.
 * Typical use: the deadline of a request answered "within n working days" of its registration.
 */
export function addWorkingDays(date: DateInput, n: number): string {
  if (!Number.isInteger(n)) throw new RangeError('Numărul de zile lucrătoare trebuie să fie întreg');
  let day = toDayNumber(date);
  const step = n < 0 ? -1 : 1;
  let remaining = Math.abs(n);
  while (remaining > 0) {
    day += step;
    if (isWorkingDayNumber(day)) remaining--;
  }
  return fromDayNumber(day);
}

/**
 * Working days after `from` up to and including `to` (the interval `(from, to]`), so that
 * `workingDaysBetween(d, addWorkingDays(d, n)) === n` for any n ≥ 0. When `to` is before `from`
 * the result is minus the working days in `(to, from]`; 0 for the same day.
 */
export function workingDaysBetween(from: DateInput, to: DateInput): number {
  const start = toDayNumber(from);
  const end = toDayNumber(to);
  if (end < start) return -workingDaysBetween(to, from);
  let count = 0;
  for (let day = start + 1; day <= end; day++) {
    if (isWorkingDayNumber(day)) count++;
  }
  return count;
}
