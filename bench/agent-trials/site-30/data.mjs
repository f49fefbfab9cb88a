// Deterministic seed data for the Larkfield Philharmonic music library.
export const TODAY = '2025-03-12'; // Wednesday

function rng(seed) {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 4294967296; };
}
const pick = (r, a) => a[Math.floor(r() * a.length)];

export const STATUSES = ['On shelf', 'On loan', 'At bindery', 'Missing parts', 'Withdrawn'];
const COMPOSERS = [
  ['Brahms', ['Symphony No. 1 in C minor', 'Symphony No. 2 in D major', 'Academic Festival Overture', 'Tragic Overture', 'Variations on a Theme by Haydn']],
  ['Beethoven', ['Symphony No. 3 "Eroica"', 'Symphony No. 5 in C minor', 'Symphony No. 7 in A major', 'Egmont Overture', 'Piano Concerto No. 4']],
  ['Elgar', ['Enigma Variations', 'Cello Concerto in E minor', 'Serenade for Strings', 'Cockaigne Overture']],
  ['Sibelius', ['Symphony No. 2 in D major', 'Symphony No. 5 in E-flat', 'Finlandia', 'Karelia Suite', 'Violin Concerto']],
  ['Mozart', ['Symphony No. 40 in G minor', 'Symphony No. 41 "Jupiter"', 'The Magic Flute Overture', 'Clarinet Concerto', 'Eine kleine Nachtmusik']],
  ['Tchaikovsky', ['Symphony No. 4 in F minor', 'Symphony No. 6 "Pathétique"', 'Romeo and Juliet', 'Serenade for Strings', 'Nutcracker Suite']],
  ['Vaughan Williams', ['The Lark Ascending', 'Fantasia on a Theme by Thomas Tallis', 'Symphony No. 5', 'English Folk Song Suite']],
  ['Mendelssohn', ['Symphony No. 4 "Italian"', 'Hebrides Overture', 'Violin Concerto in E minor', 'A Midsummer Night\'s Dream']],
  ['Schubert', ['Symphony No. 8 "Unfinished"', 'Symphony No. 9 "Great"', 'Rosamunde Overture']],
  ['Holst', ['The Planets', 'St Paul\'s Suite', 'Brook Green Suite']],
  ['Haydn', ['Symphony No. 94 "Surprise"', 'Symphony No. 104 "London"', 'Trumpet Concerto', 'Cello Concerto in C']],
  ['Rachmaninoff', ['Piano Concerto No. 2', 'Symphony No. 2 in E minor', 'Vocalise']],
  ['Grieg', ['Peer Gynt Suite No. 1', 'Holberg Suite', 'Piano Concerto in A minor']],
  ['Ravel', ['Boléro', 'Pavane pour une infante défunte', 'Ma mère l\'Oye']],
];
const PUBLISHERS = ['Breitkopf & Härtel', 'Bärenreiter', 'Boosey & Hawkes', 'Novello', 'Kalmus', 'Peters', 'Henle', 'Durand', 'Oxford UP', 'Faber'];
const ARRANGERS = ['—', '—', '—', 'orig.', 'ed. Del Mar', 'ed. Jacob', 'ed. Hogwood', 'arr. Stone'];
const BAYS = ['A-1', 'A-2', 'B-1', 'B-2', 'C-1', 'C-2', 'D-1', 'D-2', 'E-1', 'E-2', 'F-1', 'F-2', 'G-1', 'G-2'];
const CONDITIONS = ['Good', 'Fair', 'Worn', 'Fragile', 'New'];

export const GRID_COLUMNS = [
  ['id', 'Cat. no.'], ['composer', 'Composer'], ['work', 'Work'], ['arranger', 'Edition / arr.'], ['publisher', 'Publisher'],
  ['year', 'Ed. year'], ['shelf', 'Shelf bay'], ['status', 'Status'], ['note', 'Librarian note'],
  ['vln1', 'Vln I'], ['vln2', 'Vln II'], ['vla', 'Vla'], ['vc', 'Vc'], ['cb', 'Cb'], ['fl', 'Fl'], ['ob', 'Ob'],
  ['cl', 'Cl'], ['bsn', 'Bsn'], ['hn', 'Hn'], ['tpt', 'Tpt'], ['tbn', 'Tbn'], ['perc', 'Perc'],
  ['duration', 'Duration (min)'], ['lastPlayed', 'Last performed'], ['condition', 'Condition'], ['replacement', 'Replacement cost (£)'],
];

function makeSets() {
  const r = rng(30001);
  const rows = [];
  for (let i = 0; i < 336; i++) {
    const [composer, works] = pick(r, COMPOSERS);
    const yr = 2015 + Math.floor(r() * 10);
    rows.push({
      id: 'LPL-' + String(1001 + i),
      composer, work: pick(r, works), arranger: pick(r, ARRANGERS), publisher: pick(r, PUBLISHERS),
      year: 1950 + Math.floor(r() * 74), shelf: pick(r, BAYS), status: r() < 0.7 ? 'On shelf' : pick(r, STATUSES), note: '',
      vln1: 8 + Math.floor(r() * 5), vln2: 7 + Math.floor(r() * 5), vla: 5 + Math.floor(r() * 4), vc: 4 + Math.floor(r() * 4), cb: 2 + Math.floor(r() * 3),
      fl: 2 + Math.floor(r() * 2), ob: 2, cl: 2, bsn: 2, hn: 2 + 2 * Math.floor(r() * 2), tpt: 2 + Math.floor(r() * 2), tbn: Math.floor(r() * 4), perc: Math.floor(r() * 4),
      duration: 8 + Math.floor(r() * 40), lastPlayed: `${yr}-${String(1 + Math.floor(r() * 12)).padStart(2, '0')}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`,
      condition: pick(r, CONDITIONS), replacement: 80 + Math.floor(r() * 90) * 5,
    });
  }
  // Dvořák sets: the target and its look-alikes (same composer / same bay / same work).
  const dv = [
    [87, 'Symphony No. 8 in G major', 'D-1', 'Bärenreiter', 415],
    [163, 'Symphony No. 9 "From the New World"', 'F-2', 'Boosey & Hawkes', 380],
    [187, 'Symphony No. 8 in G major', 'F-2', 'Kalmus', 545], // target
    [241, 'Slavonic Dances, Op. 46', 'F-1', 'Peters', 290],
    [298, 'Symphony No. 8 in G major', 'F-1', 'Breitkopf & Härtel', 470],
  ];
  for (const [idx, work, shelf, publisher, cost] of dv) Object.assign(rows[idx], { composer: 'Dvořák', work, shelf, publisher, status: 'On shelf', replacement: cost, note: '' });
  return rows;
}

const NOTICE_HTML = [
  '<h2>Spring season: parts collection</h2>',
  '<p>Welcome back to the spring season. Parts for the March concerts are now bowed and ready in the library.</p>',
  '<p>String players should collect their parts from the library desk on Tuesday. Wind players should collect their parts from the library desk on Tuesday. Brass players should collect their parts from the library desk on Tuesday. Percussion players should collect their parts from the library desk on Tuesday.</p>',
  '<p>Please return all marked parts before the dress rehearsal. Pencil only, never pen, in library copies.</p>',
  '<p>Any questions about bowings or cuts should go to the orchestra librarian.</p>',
].join('');

const BOARD = [
  ['c1', 'requested', 'Sibelius 5', 'Horn 1', '1 copy', 'Spring gala, 29 Mar'],
  ['c2', 'requested', 'Sibelius 5', 'Horn 2', '1 copy', 'Spring gala, 29 Mar'],
  ['c3', 'requested', 'Elgar Enigma', 'Violin II', '8 copies', 'Spring gala, 29 Mar'],
  ['c4', 'requested', 'Sibelius 2', 'Horn 2', '1 copy', 'Schools concert, 5 Apr'],
  ['c5', 'marking', 'Sibelius 2', 'Horn 1', '1 copy', 'Schools concert, 5 Apr'],
  ['c6', 'marking', 'Sibelius 5', 'Horn 2', '1 copy', 'Schools concert, 5 Apr'],
  ['c7', 'marking', 'Brahms 2', 'Viola', '6 copies', 'Spring gala, 29 Mar'],
  ['c8', 'ready', 'Elgar Enigma', 'Violin I', '9 copies', 'Spring gala, 29 Mar'],
  ['c9', 'ready', 'Holst Planets', 'Horn 2', '1 copy', 'Proms in the Park, 14 Jun'],
  ['c10', 'issued', 'Brahms 2', 'Cello', '5 copies', 'Spring gala, 29 Mar'],
  ['c11', 'issued', 'Sibelius 5', 'Trumpet 1', '1 copy', 'Spring gala, 29 Mar'],
].map(([id, column, work, part, copies, concert], i) => ({ id, column, work, part, copies, concert, order: i }));
export const BOARD_COLUMNS = [['requested', 'Requested'], ['marking', 'Marking bowings'], ['ready', 'Ready to issue'], ['issued', 'Issued to players']];

// Parts lent per month in 2024, by section (only visible in the chart tooltips).
export const LOANS = {
  months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  series: [
    ['Strings', [112, 98, 131, 120, 104, 90, 62, 58, 127, 139, 118, 96]],
    ['Woodwind', [34, 29, 41, 37, 33, 30, 18, 21, 31, 40, 35, 28]],
    ['Brass', [27, 25, 33, 31, 26, 24, 15, 19, 38, 34, 30, 23]],
    ['Percussion', [12, 10, 15, 14, 11, 9, 6, 8, 13, 16, 12, 10]],
  ],
};

export const ORGS = [
  'Larkfield Youth Orchestra', 'Larkfield Youth Strings', 'Larkhill Youth Orchestra', 'Larkhill Community Orchestra',
  'Larkfield Sinfonia', 'Larkfield Chamber Players', 'Marsham Choral Society', 'Marsham Youth Orchestra',
  'St Cuthbert\'s School Band', 'St Cuthbert\'s Sinfonietta', 'Westbrook Light Orchestra', 'Westbrook Wind Band',
  'Eastmere University Orchestra', 'Eastmere Symphony Orchestra', 'Harrowdene Brass', 'Harrowdene Silver Band',
].map((name, i) => ({ id: 'org-' + (101 + i), name }));
export const CLOSED_DAYS = ['2025-03-17', '2025-03-18', '2025-03-27', '2025-04-18', '2025-04-21'];

const FIRST = ['Hannah', 'Oliver', 'Amelia', 'George', 'Isla', 'Arthur', 'Ava', 'Noah', 'Freya', 'Leo', 'Ivy', 'Oscar', 'Grace', 'Theo', 'Rosie', 'Jacob', 'Ella', 'Samuel', 'Maya', 'Felix', 'Nadia', 'Tomasz', 'Priya', 'Kwame', 'Ines', 'Ruairi'];
const LAST = ['Okafor', 'Whitfield', 'Brennan', 'Castellano', 'Dunmore', 'Ellery', 'Fairbairn', 'Gallagher', 'Hollis', 'Iqbal', 'Jessop', 'Kowalski', 'Lindqvist', 'Mbeki', 'Nakamura', 'Ostrowski', 'Pemberton', 'Quayle', 'Rahman', 'Sutcliffe', 'Thackeray', 'Underwood', 'Varga', 'Wexley'];
const INSTR = ['Violin I', 'Violin II', 'Viola', 'Cello', 'Double bass', 'Flute', 'Oboe', 'Clarinet', 'Bassoon', 'Horn', 'Trumpet', 'Trombone', 'Tuba', 'Percussion', 'Harp'];
function makePlayers() {
  const r = rng(777);
  const out = []; const seen = new Set();
  while (out.length < 214) {
    const first = pick(r, FIRST), last = pick(r, LAST);
    if (first === 'Hannah' && last === 'Okafor') continue;
    const key = first + last; if (seen.has(key) && r() < 0.8) continue; seen.add(key);
    const n = out.length;
    out.push({ id: 'p-' + String(301 + n).padStart(4, '0'), name: `${first} ${last}`, instrument: pick(r, INSTR), email: `${first}.${last}`.toLowerCase() + (n % 5 ? '' : n) + '@players.larkfieldphil.example', joined: 2008 + Math.floor(r() * 17), partsOut: Math.floor(r() * 4) });
  }
  out.splice(57, 0, { id: 'p-0912', name: 'Hannah Okafor', instrument: 'Cello', email: 'h.okafor@players.larkfieldphil.example', joined: 2016, partsOut: 2 });
  out.splice(141, 0, { id: 'p-0948', name: 'Hannah Okafor', instrument: 'Viola', email: 'hannah.okafor@players.larkfieldphil.example', joined: 2021, partsOut: 0 });
  out.splice(90, 0, { id: 'p-0930', name: 'Hanna Okafor', instrument: 'Viola', email: 'hanna.okafor@players.larkfieldphil.example', joined: 2019, partsOut: 1 });
  return out;
}

export function seed() {
  return {
    sets: makeSets(),
    notice: { id: 'spring-collection', title: 'Spring season: parts collection', html: NOTICE_HTML, updatedAt: '2025-03-10T09:14:00Z' },
    board: BOARD.map((c) => ({ ...c })),
    uploads: [],
    annualReturn: null,
    collections: [],
    players: makePlayers(),
  };
}
