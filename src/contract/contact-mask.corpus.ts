/**
 * The corpora the contact masking is measured on (docs/decisions/0351): ways people slip contact
 * details past a filter, each with the part that must not survive, and ordinary aviation messages
 * that must pass unchanged. Test data only: imported by the unit test, never by the product.
 */

/** A value that gives a contact away, and the part of it that must not reach the reader. */
interface Evasion {
  value: string;
  secret: string;
}

const PHONES: Evasion[] = [
  { value: '650/555/0199', secret: '0199' },
  { value: '６５０-５５５-０１９９', secret: '０１９９' },
  { value: '65O-555-Ol99', secret: 'Ol99' },
  { value: '650-555-O199', secret: 'O199' },
  { value: '(650) 555-0199', secret: '0199' },
  { value: '650.555.0199', secret: '0199' },
  { value: '650 555 0199', secret: '0199' },
  { value: '+1 650 555 0199', secret: '0199' },
  { value: '6505550199', secret: '0199' },
  { value: '1-650-555-0199', secret: '0199' },
  { value: 'six five zero five five five zero one nine nine', secret: 'one nine nine' },
  { value: 'Six Five Oh, Five Five Five, Oh One Nine Nine', secret: 'One Nine Nine' },
  { value: '6 5 0 5 5 5 0 1 9 9', secret: '1 9 9' },
  { value: '650 five five five 0199', secret: '0199' },
  { value: '650\u2011555\u20110199', secret: '0199' },
  { value: '650\u200B555\u200B0199', secret: '0199' },
  { value: '650\u2014555\u20140199', secret: '0199' },
  { value: '+44 20 7946 0958', secret: '0958' },
  { value: '555-0199', secret: '0199' },
  { value: '(650)5550199', secret: '5550199' },
  { value: '𝟔𝟓𝟎-𝟓𝟓𝟓-𝟎𝟏𝟗𝟗', secret: '𝟎𝟏𝟗𝟗' },
  { value: '⑥⑤⓪ 555 0199', secret: '0199' },
];

const EMAILS: Evasion[] = [
  { value: 'john.doe@gmail.com', secret: 'john.doe' },
  { value: 'john.doe at gmail dot com', secret: 'john.doe' },
  { value: 'john.doe＠gmail．com', secret: 'john.doe' },
  { value: 'john.doe (at) gmail (dot) com', secret: 'john.doe' },
  { value: 'john.doe [at] gmail [dot] com', secret: 'john.doe' },
  { value: 'john dot doe at gmail dot com', secret: 'john dot doe' },
  { value: 'JOHN.DOE@GMAIL.COM', secret: 'JOHN.DOE' },
  { value: 'john.doe @ gmail . com', secret: 'john.doe' },
  { value: 'john_doe99@yahoo.co.uk', secret: 'john_doe99' },
  { value: 'ｊｏｈｎｄｏｅ＠ｇｍａｉｌ．ｃｏｍ', secret: 'ｊｏｈｎｄｏｅ' },
  { value: 'johndoe at outlook dot com', secret: 'johndoe' },
  { value: 'j.doe{at}proton{dot}me', secret: 'j.doe' },
];

const LINKS: Evasion[] = [
  { value: 't.me/johndoe', secret: 'johndoe' },
  { value: 'https://t.me/johndoe', secret: 'johndoe' },
  { value: 'wa.me/16505550199', secret: '0199' },
  { value: 'www.johnsaviation.com', secret: 'johnsaviation' },
  { value: 'johnsaviation.com', secret: 'johnsaviation' },
  { value: 'https://instagram.com/johndoe', secret: 'johndoe' },
  { value: 'facebook.com/john.doe.55', secret: 'john.doe' },
  { value: 't．me/johndoe', secret: 'johndoe' },
];

const HANDLES: Evasion[] = [
  { value: '@johndoe', secret: 'johndoe' },
  { value: 'insta: john_doe', secret: 'john_doe' },
  { value: 'telegram @johndoe', secret: 'johndoe' },
  { value: 'IG: johndoe99', secret: 'johndoe99' },
  { value: 'my insta is john_doe', secret: 'john_doe' },
  { value: 'snapchat - jdoe_av', secret: 'jdoe_av' },
  { value: 'add me on snap jdoe99', secret: 'jdoe99' },
  { value: 'whatsapp: johndoe', secret: 'johndoe' },
  { value: 'telegram username johndoe', secret: 'johndoe' },
];

const AROUND = [
  (v: string) => v,
  (v: string) => `call me at ${v} or email the shop`,
  (v: string) => `Easier off the app, ${v}, I answer fast.`,
  (v: string) => `Reach me: ${v} after 5pm`,
];

/** Every value in several messages: at least 100 evasions. */
export const EVASIONS: Array<{ text: string; secret: string }> = [...PHONES, ...EMAILS, ...LINKS, ...HANDLES].flatMap(
  (e, i) =>
    // Each value alone and in two of the sentences (rotating), so every sentence form is tried.
    [AROUND[0]!, AROUND[1 + (i % 3)]!, AROUND[1 + ((i + 1) % 3)]!].map((wrap) => ({
      text: wrap(e.value),
      secret: e.secret,
    })),
);

const HAND_WRITTEN = [
  'The annual is due 2030-05-02, budget $2,500.50.',
  'Tach reads 2100.5 hours; N12345 is in hangar 14.',
  'Two or three days, five hours of labor.',
  'Gate code is 4417',
  'AD 2011-10-09 applies to the fuel selector; compliance by 2027-01-15.',
  'AD 2020-18-07 is recurring every 100 hours, last done at 4,020.8 tach.',
  'Tach 4,020.8, Hobbs 4,311.2 as of this morning.',
  'Tune 121.5 and check the ELT, then ATIS on 118.30 and ground on 121.9.',
  'Frequencies: 118.30 124.75 121.5 all tested fine.',
  'Part number 66-00137-1 is backordered; use MS20995C32 safety wire.',
  'Lycoming O-360-A4M serial L-12345-36A, 1,850 SMOH.',
  'Continental IO-550-N serial 1234567, prop McCauley 3AF32C511.',
  'Magneto P/N 10-51360-37, S/N 4312-1234567, due for 500-hour inspection.',
  'Serial 1234567890 on the data plate of the alternator.',
  'Quote is $1,200 labor plus $350.75 parts, total $1,550.75.',
  'I can start 11/28/2026 and finish by 12/02/2026.',
  'Arrive 0800 local, depart 1700.',
  'N5421K and N738LW are both on the field at KPAO.',
  'Compression 74/80, 76/80, 72/80, 75/80, 73/80, 77/80.',
  'Torque to 450-500 in-lb per the maintenance manual chapter 61-10-00.',
  'Weight and balance: empty weight 1,642.3 lb, arm 39.4 in.',
  'Oil analysis shows iron at 12 ppm, normal for 450 hours since overhaul.',
  'Transponder check due 2027-03-31 per 91.413; altimeter per 91.411.',
  'Squawk 7700 only in an emergency, we will squawk 1200 on the test flight.',
  'Runway 31 at KSQL, taxi via A to the run-up area.',
  'The vacuum pump P/N 211CC was replaced at 3,211.4 hours.',
  'Work order 20261128-0042 covers the annual and the ELT battery.',
  'Invoice 4512-2026 is paid, thank you.',
  'ELT battery expires 06/2027; replaced with P/N 452-0133.',
  'Hangar 12B, row 3, the blue and white Cherokee N4417P.',
  'Service bulletin SB 480F covers the exhaust inspection.',
  'Cylinder #3 exhaust valve guide wear 0.0065 in, limit 0.0070.',
  'Fuel burn about 9.5 gph at 65% power.',
  'Tire pressure 30 psi mains, 34 psi nose.',
  'I was at the field at 7 and left at 9:30.',
  'The STC SA01234CH covers the engine monitor install.',
  'We can do it for $95/hr, about 12.5 hours.',
  'Call the tower on 119.0 before you taxi.',
  'The logbook entry is dated Nov 28, 2026.',
  'Time since new 5,432.1 hours, 1,234 cycles.',
  'The Garmin GTX 345 is serial 2F3456789.',
  'Check the prop for AD 2006-18-15 compliance.',
  'The ADS-B out test passed at 1090 MHz.',
  'Altimeter setting 29.92, field elevation 5,045 ft.',
  'A&P certificate 3456789 with inspection authorization.',
  'Met at the hangar at noon; the parts came at 3.',
  'Meet me at the FBO at 8, the one next to hangar 6.',
  'The shop at KCOD has it in stock.',
  'I fly the 172 at about 110 knots.',
  'One two one point five is the guard frequency.',
  'Photos are in photo.jpg and logbook.pdf attached.',
  'I will look at the at-risk items on the list.',
  'Look at the snap ring on the prop governor.',
  'The ELT signal is weak; we will replace the antenna.',
  'Oil change every 50 hours or 4 months.',
];

const TAILS = ['N12345', 'N738LW', 'N4417P', 'N9021X'];
const ADS = ['2011-10-09', '2020-18-07', '2006-18-15', '2019-03-12'];
const PARTS = ['66-00137-1', 'MS20995C32', 'C294510-0301', '10-51360-37'];
const TACH = ['4,020.8', '2,100.5', '812.3', '3,311.2'];
const PRICES = ['$1,250.00', '$95/hr', '$2,400', '$350.75'];
const FREQS = ['121.5', '118.30', '124.75', '119.0'];
const DATES = ['2026-11-28', '11/28/2026', 'Dec 2, 2026', '2027-01-15'];

/** Templated job messages over the values mechanics and owners write: at least 100 in all. */
export const ORDINARY: string[] = [
  ...HAND_WRITTEN,
  ...TAILS.flatMap((tail, i) => [
    `${tail} annual: AD ${ADS[i]} to check, tach ${TACH[i]}, quote ${PRICES[i]}.`,
    `Parts for ${tail}: ${PARTS[i]} ordered, arriving ${DATES[i]}.`,
    `${tail} radio check on ${FREQS[i]} passed; next due ${DATES[(i + 1) % 4]}.`,
    `Logged ${TACH[i]} on ${DATES[i]} for ${tail}, labor ${PRICES[(i + 2) % 4]}.`,
    `P/N ${PARTS[(i + 1) % 4]} replaced on ${tail} at ${TACH[(i + 3) % 4]} hours per AD ${ADS[(i + 2) % 4]}.`,
    `${tail} ground ${FREQS[(i + 1) % 4]}, tower ${FREQS[(i + 2) % 4]}, ATIS ${FREQS[(i + 3) % 4]}.`,
    `Can you do ${tail} on ${DATES[(i + 2) % 4]} for ${PRICES[(i + 1) % 4]}?`,
    `Serial S/N ${4312000 + i * 1111}, P/N ${PARTS[i]}, AD ${ADS[(i + 3) % 4]} done.`,
    `${tail}: compressions 74/80 and 76/80, tach ${TACH[(i + 1) % 4]}, all within limits.`,
    `The ${tail} invoice ${PRICES[(i + 3) % 4]} covers AD ${ADS[(i + 1) % 4]} and the ELT.`,
    `${tail} is at hangar ${i + 3}, ready ${DATES[(i + 3) % 4]} at 0800.`,
    `Frequencies for ${tail}'s checkride: ${FREQS.join(', ')}.`,
  ]),
];
