import { clip, endPath, PDFDocument, popGraphicsState, pushGraphicsState, rectangle, rgb, StandardFonts, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';

/**
 * Draws the starter catalogue's picture books with pdf-lib: a cover and one page per story page, each
 * with a scene made of simple shapes (sky, sun, hills, characters from circles and rectangles) and the
 * text in a size a grandparent can read aloud from a screen.
 */

export type PropKind =
  | 'hen'
  | 'chick'
  | 'duck'
  | 'duckling'
  | 'swan'
  | 'cat'
  | 'dog'
  | 'pig'
  | 'wolf'
  | 'bear'
  | 'fox'
  | 'cow'
  | 'horse'
  | 'sheep'
  | 'goat'
  | 'lion'
  | 'mouse'
  | 'hare'
  | 'tortoise'
  | 'girl'
  | 'boy'
  | 'woman'
  | 'man'
  | 'troll'
  | 'gingerbread'
  | 'tree'
  | 'house'
  | 'windmill'
  | 'wheat'
  | 'flower'
  | 'bread'
  | 'bowl'
  | 'chair'
  | 'bed'
  | 'table'
  | 'cake'
  | 'pot'
  | 'bridge'
  | 'flag'
  | 'net'
  | 'reeds'
  | 'egg'
  | 'bush';

export type Prop = {
  kind: PropKind;
  /** Across the picture, 0 (left) to 1 (right). */
  x: number;
  /** Above the ground line, in points. */
  lift?: number;
  /** 1 is a character about 80 points tall. */
  size?: number;
  /** Faces left. */
  flip?: boolean;
  /** Overrides the main colour (a house of straw, sticks or bricks; a dress). */
  color?: string;
  /** A sleeping animal: eyes shut. */
  asleep?: boolean;
};

export type Scene = {
  sky: 'day' | 'morning' | 'dusk' | 'night' | 'winter' | 'indoor';
  ground?: 'grass' | 'water' | 'snow' | 'floor' | 'road';
  props: Prop[];
};

export type PictureBookPage = { text: string; scene: Scene };
export type PictureBook = {
  title: string;
  author: string;
  cover: Scene;
  coverColor: string;
  pages: PictureBookPage[];
};

const W = 792;
const H = 612;
const MARGIN = 36;
const PANEL = { x: MARGIN, y: 250, w: W - 2 * MARGIN, h: H - 250 - MARGIN };
const TEXT_TOP = 230;
const TEXT_BOTTOM = 40;
const FIXED_DATE = new Date('2024-01-01T00:00:00Z');
// Props are drawn at this scale in a story page's picture (size 1 then stands about 100 points tall).
const PROP_SCALE = 1.25;
const TEXT_MAX_SIZE = 26;
const TEXT_MIN_SIZE = 15;

const hex = (h: string): RGB => {
  const n = Number.parseInt(h.replace('#', ''), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
};

const C = {
  sky: hex('#BFE3FF'),
  morning: hex('#FFE8C2'),
  dusk: hex('#F8B38A'),
  night: hex('#1E2A55'),
  winter: hex('#DCE6F2'),
  wall: hex('#F6E7C8'),
  floor: hex('#C89A6A'),
  grass: hex('#7CC46A'),
  hill: hex('#5FAE57'),
  hillFar: hex('#9ED48E'),
  water: hex('#5DADE2'),
  snow: hex('#FFFFFF'),
  road: hex('#D9B382'),
  sun: hex('#FFD23F'),
  moon: hex('#FFF5C0'),
  cloud: hex('#FFFFFF'),
  ink: hex('#2D2A32'),
  white: hex('#FFFFFF'),
  eye: hex('#1B1B1B'),
  pink: hex('#F7A8B8'),
  red: hex('#E4572E'),
  orange: hex('#F28C28'),
  yellow: hex('#FFD166'),
  brown: hex('#8B5A2B'),
  darkBrown: hex('#5C3A1E'),
  grey: hex('#9AA0A6'),
  darkGrey: hex('#5F6368'),
  green: hex('#3E8E41'),
  trunk: hex('#7A4E2D'),
  leaves: hex('#2E8B57'),
  skin: hex('#F3C9A5'),
};

/** Thin helpers over pdf-lib's drawing calls, in page coordinates (origin bottom left). */
class Pen {
  constructor(readonly page: PDFPage) {}
  rect(x: number, y: number, w: number, h: number, color: RGB) {
    this.page.drawRectangle({ x, y, width: w, height: h, color });
  }
  circle(x: number, y: number, r: number, color: RGB) {
    this.page.drawCircle({ x, y, size: r, color });
  }
  ellipse(x: number, y: number, rx: number, ry: number, color: RGB) {
    this.page.drawEllipse({ x, y, xScale: rx, yScale: ry, color });
  }
  poly(points: [number, number][], color: RGB) {
    // drawSvgPath flips y: an SVG point (a, b) lands on the page at (a, -b).
    this.page.drawSvgPath(`M ${points.map(([a, b]) => `${a} ${-b}`).join(' L ')} Z`, { x: 0, y: 0, color });
  }
  line(x1: number, y1: number, x2: number, y2: number, thickness: number, color: RGB) {
    this.page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness, color });
  }
  /** A dome (half ellipse) standing on (x, y). */
  dome(x: number, y: number, rx: number, ry: number, color: RGB) {
    this.page.drawSvgPath(`M ${x - rx} ${-y} A ${rx} ${ry} 0 0 1 ${x + rx} ${-y} Z`, { x: 0, y: 0, color });
  }
  /** A bowl (half ellipse) hanging from (x, y). */
  bowl(x: number, y: number, rx: number, ry: number, color: RGB) {
    this.page.drawSvgPath(`M ${x - rx} ${-y} A ${rx} ${ry} 0 0 0 ${x + rx} ${-y} Z`, { x: 0, y: 0, color });
  }
}

type Draw = (pen: Pen, x: number, y: number, s: number, d: 1 | -1, p: Prop) => void;

const eye = (pen: Pen, x: number, y: number, r: number, asleep?: boolean) =>
  asleep ? pen.line(x - r, y, x + r, y, Math.max(1, r / 2), C.eye) : pen.circle(x, y, r, C.eye);

/** Birds: body, wing, head, beak, legs; hens have a comb. */
function bird(body: RGB, wing: RGB, beak: RGB, opts: { comb?: boolean; neck?: number } = {}): Draw {
  return (pen, x, y, s, d, p) => {
    const legs = 10 * s;
    pen.line(x - 6 * s, y, x - 6 * s, y + legs, 2 * s, C.orange);
    pen.line(x + 6 * s, y, x + 6 * s, y + legs, 2 * s, C.orange);
    pen.ellipse(x, y + legs + 20 * s, 30 * s, 20 * s, body);
    pen.ellipse(x - 6 * d * s, y + legs + 22 * s, 16 * s, 10 * s, wing);
    const neck = (opts.neck ?? 0) * s;
    if (neck) pen.rect(x + d * 16 * s - 4 * s, y + legs + 26 * s, 8 * s, neck, body);
    const hx = x + d * 22 * s;
    const hy = y + legs + 44 * s + neck;
    pen.circle(hx, hy, 13 * s, body);
    if (opts.comb) {
      pen.circle(hx - 4 * s, hy + 13 * s, 4 * s, C.red);
      pen.circle(hx + 3 * s, hy + 14 * s, 4 * s, C.red);
    }
    pen.poly(
      [
        [hx + d * 10 * s, hy + 4 * s],
        [hx + d * 24 * s, hy],
        [hx + d * 10 * s, hy - 4 * s],
      ],
      beak,
    );
    eye(pen, hx + d * 4 * s, hy + 4 * s, 2.2 * s, p.asleep);
  };
}

type BeastLook = {
  body: RGB;
  head?: RGB;
  snout?: RGB;
  ears?: 'pointy' | 'round' | 'long' | 'floppy' | 'none';
  tail?: 'curly' | 'bushy' | 'thin' | 'tuft' | 'none';
  tailColor?: RGB;
  mane?: RGB;
  horns?: boolean;
  wool?: boolean;
  beard?: boolean;
  long?: number;
  legs?: number;
};

/** Four-legged animals from an ellipse body, rectangle legs and a round head. */
function beast(look: BeastLook): Draw {
  return (pen, x, y, s, d, p) => {
    const head = look.head ?? look.body;
    const legH = (look.legs ?? 16) * s;
    const rx = (look.long ?? 34) * s;
    const ry = 20 * s;
    const by = y + legH + ry - 4 * s;
    for (const lx of [-rx + 10 * s, -rx + 22 * s, rx - 22 * s, rx - 10 * s]) pen.rect(x + lx - 4 * s, y, 8 * s, legH + 4 * s, head);
    // tail
    const tx = x - d * rx;
    const tailColor = look.tailColor ?? look.body;
    if (look.tail === 'curly') pen.circle(tx - d * 3 * s, by + 6 * s, 5 * s, tailColor);
    if (look.tail === 'bushy') pen.ellipse(tx - d * 14 * s, by + 6 * s, 16 * s, 8 * s, tailColor);
    if (look.tail === 'thin') pen.line(tx, by, tx - d * 16 * s, by + 14 * s, 3 * s, tailColor);
    if (look.tail === 'tuft') {
      pen.line(tx, by, tx - d * 18 * s, by - 6 * s, 3 * s, tailColor);
      pen.circle(tx - d * 20 * s, by - 7 * s, 5 * s, look.mane ?? tailColor);
    }
    if (look.wool) {
      for (const [ox, oy] of [
        [-20, 0],
        [-6, 8],
        [8, 8],
        [20, 0],
        [-12, -8],
        [4, -8],
        [16, -6],
      ] as const)
        pen.circle(x + ox * s, by + oy * s, 13 * s, look.body);
    } else {
      pen.ellipse(x, by, rx, ry, look.body);
    }
    const hx = x + d * (rx + 4 * s);
    const hy = by + 16 * s;
    if (look.mane) pen.circle(hx, hy, 24 * s, look.mane);
    // ears
    if (look.ears === 'pointy') {
      pen.poly(
        [
          [hx - 12 * s, hy + 6 * s],
          [hx - 8 * s, hy + 26 * s],
          [hx - 2 * s, hy + 10 * s],
        ],
        head,
      );
      pen.poly(
        [
          [hx + 2 * s, hy + 10 * s],
          [hx + 8 * s, hy + 26 * s],
          [hx + 12 * s, hy + 6 * s],
        ],
        head,
      );
    }
    if (look.ears === 'round') {
      pen.circle(hx - 10 * s, hy + 13 * s, 6 * s, head);
      pen.circle(hx + 10 * s, hy + 13 * s, 6 * s, head);
    }
    if (look.ears === 'long') {
      pen.ellipse(hx - 5 * s, hy + 26 * s, 4.5 * s, 16 * s, head);
      pen.ellipse(hx + 5 * s, hy + 26 * s, 4.5 * s, 16 * s, head);
    }
    if (look.ears === 'floppy') {
      pen.ellipse(hx - d * 8 * s, hy + 2 * s, 5 * s, 11 * s, look.tailColor ?? head);
    }
    if (look.horns) {
      pen.poly(
        [
          [hx - 8 * s, hy + 8 * s],
          [hx - 14 * s, hy + 28 * s],
          [hx - 3 * s, hy + 10 * s],
        ],
        C.darkGrey,
      );
      pen.poly(
        [
          [hx + 3 * s, hy + 10 * s],
          [hx + 10 * s, hy + 28 * s],
          [hx + 8 * s, hy + 8 * s],
        ],
        C.darkGrey,
      );
    }
    pen.circle(hx, hy, 14 * s, head);
    const sx = hx + d * 12 * s;
    pen.ellipse(sx, hy - 4 * s, 8 * s, 6 * s, look.snout ?? head);
    pen.circle(sx + d * 6 * s, hy - 3 * s, 2 * s, C.eye);
    if (look.beard)
      pen.poly(
        [
          [hx + d * 4 * s, hy - 10 * s],
          [hx + d * 10 * s, hy - 24 * s],
          [hx + d * 14 * s, hy - 10 * s],
        ],
        C.white,
      );
    eye(pen, hx + d * 4 * s, hy + 4 * s, 2.4 * s, p.asleep);
  };
}

type PersonLook = { clothes: RGB; hair: RGB; skin?: RGB; longHair?: boolean; height?: number; head?: number };

/** People: legs, a dress or tunic, arms, a round head and hair. */
function person(look: PersonLook): Draw {
  return (pen, x, y, s, d, p) => {
    const skin = look.skin ?? C.skin;
    const clothes = p.color ? hex(p.color) : look.clothes;
    const h = (look.height ?? 1) * s;
    pen.rect(x - 9 * h, y, 6 * h, 26 * h, C.ink);
    pen.rect(x + 3 * h, y, 6 * h, 26 * h, C.ink);
    pen.poly(
      [
        [x - 20 * h, y + 22 * h],
        [x + 20 * h, y + 22 * h],
        [x + 12 * h, y + 64 * h],
        [x - 12 * h, y + 64 * h],
      ],
      clothes,
    );
    pen.line(x - 12 * h, y + 60 * h, x - 24 * h, y + 38 * h, 5 * h, skin);
    pen.line(x + 12 * h, y + 60 * h, x + 24 * h, y + 38 * h, 5 * h, skin);
    const hr = (look.head ?? 13) * h;
    const hy = y + 64 * h + hr;
    if (look.longHair) pen.ellipse(x, hy - 4 * h, hr + 4 * h, hr + 8 * h, look.hair);
    pen.circle(x, hy, hr, skin);
    pen.dome(x, hy + 3 * h, hr + 1 * h, hr - 2 * h, look.hair);
    eye(pen, x - 4 * h + d * 2 * h, hy - 1 * h, 1.8 * h, p.asleep);
    eye(pen, x + 4 * h + d * 2 * h, hy - 1 * h, 1.8 * h, p.asleep);
    pen.line(x - 3 * h + d * 2 * h, hy - 7 * h, x + 3 * h + d * 2 * h, hy - 7 * h, 1.2 * h, C.red);
  };
}

const tortoise: Draw = (pen, x, y, s, d, p) => {
  pen.rect(x - 22 * s, y, 8 * s, 8 * s, hex('#8DB360'));
  pen.rect(x + 14 * s, y, 8 * s, 8 * s, hex('#8DB360'));
  pen.circle(x + d * 36 * s, y + 12 * s, 9 * s, hex('#8DB360'));
  eye(pen, x + d * 39 * s, y + 15 * s, 1.8 * s, p.asleep);
  pen.dome(x, y + 6 * s, 32 * s, 26 * s, hex('#6B8E23'));
  pen.dome(x, y + 6 * s, 20 * s, 16 * s, hex('#8FBC3B'));
  pen.rect(x - 33 * s, y + 4 * s, 66 * s, 4 * s, hex('#556B2F'));
};

const gingerbread: Draw = (pen, x, y, s) => {
  const g = hex('#B5651D');
  pen.ellipse(x - 9 * s, y + 10 * s, 7 * s, 12 * s, g);
  pen.ellipse(x + 9 * s, y + 10 * s, 7 * s, 12 * s, g);
  pen.ellipse(x, y + 34 * s, 16 * s, 20 * s, g);
  pen.ellipse(x - 20 * s, y + 42 * s, 12 * s, 6 * s, g);
  pen.ellipse(x + 20 * s, y + 42 * s, 12 * s, 6 * s, g);
  pen.circle(x, y + 64 * s, 13 * s, g);
  for (const by of [26, 36, 46]) pen.circle(x, y + by * s, 2.5 * s, C.white);
  pen.circle(x - 4 * s, y + 67 * s, 2 * s, C.eye);
  pen.circle(x + 4 * s, y + 67 * s, 2 * s, C.eye);
  pen.line(x - 4 * s, y + 59 * s, x + 4 * s, y + 59 * s, 1.5 * s, C.red);
};

const tree: Draw = (pen, x, y, s) => {
  pen.rect(x - 7 * s, y, 14 * s, 60 * s, C.trunk);
  pen.circle(x, y + 86 * s, 34 * s, C.leaves);
  pen.circle(x - 24 * s, y + 66 * s, 24 * s, C.leaves);
  pen.circle(x + 24 * s, y + 66 * s, 24 * s, C.leaves);
};

const bush: Draw = (pen, x, y, s) => {
  pen.circle(x - 14 * s, y + 10 * s, 16 * s, C.leaves);
  pen.circle(x + 14 * s, y + 10 * s, 16 * s, C.leaves);
  pen.circle(x, y + 20 * s, 18 * s, hex('#3FA66B'));
};

const house: Draw = (pen, x, y, s, _d, p) => {
  const wall = hex(p.color ?? '#E9C46A');
  pen.rect(x - 44 * s, y, 88 * s, 64 * s, wall);
  if (p.color === '#B5523B') {
    // bricks
    for (let row = 0; row < 8; row++) pen.line(x - 44 * s, y + row * 8 * s, x + 44 * s, y + row * 8 * s, 0.8 * s, hex('#F1E3D3'));
  }
  if (p.color === '#A47148') {
    // sticks
    for (let i = 0; i < 11; i++) pen.line(x - 40 * s + i * 8 * s, y, x - 40 * s + i * 8 * s, y + 64 * s, 1.5 * s, hex('#6F4A2A'));
  }
  pen.poly(
    [
      [x - 54 * s, y + 62 * s],
      [x, y + 110 * s],
      [x + 54 * s, y + 62 * s],
    ],
    hex('#C0392B'),
  );
  pen.rect(x + 22 * s, y + 84 * s, 12 * s, 24 * s, hex('#7F4F24'));
  pen.rect(x - 10 * s, y, 20 * s, 36 * s, hex('#6D4C41'));
  pen.rect(x - 36 * s, y + 30 * s, 18 * s, 18 * s, hex('#BDE0FE'));
  pen.rect(x + 18 * s, y + 30 * s, 18 * s, 18 * s, hex('#BDE0FE'));
};

const windmill: Draw = (pen, x, y, s) => {
  pen.poly(
    [
      [x - 26 * s, y],
      [x + 26 * s, y],
      [x + 16 * s, y + 100 * s],
      [x - 16 * s, y + 100 * s],
    ],
    hex('#E0D6C3'),
  );
  pen.rect(x - 8 * s, y, 16 * s, 26 * s, hex('#7F4F24'));
  const cy = y + 100 * s;
  pen.line(x - 50 * s, cy - 50 * s, x + 50 * s, cy + 50 * s, 8 * s, hex('#8D6E63'));
  pen.line(x - 50 * s, cy + 50 * s, x + 50 * s, cy - 50 * s, 8 * s, hex('#8D6E63'));
  pen.circle(x, cy, 7 * s, C.darkBrown);
};

const wheat: Draw = (pen, x, y, s) => {
  for (let i = -3; i <= 3; i++) {
    const sx = x + i * 9 * s;
    pen.line(sx, y, sx + 2 * s, y + 60 * s, 2 * s, hex('#C9A227'));
    pen.ellipse(sx + 2 * s, y + 66 * s, 4 * s, 10 * s, hex('#E9C46A'));
  }
};

const flower: Draw = (pen, x, y, s, _d, p) => {
  pen.line(x, y, x, y + 22 * s, 2 * s, C.green);
  const petal = hex(p.color ?? '#FF6F91');
  for (const [ox, oy] of [
    [-5, 0],
    [5, 0],
    [0, 5],
    [0, -5],
  ] as const)
    pen.circle(x + ox * s, y + 26 * s + oy * s, 4.5 * s, petal);
  pen.circle(x, y + 26 * s, 3.5 * s, C.yellow);
};

const bread: Draw = (pen, x, y, s) => {
  pen.ellipse(x, y + 14 * s, 30 * s, 16 * s, hex('#D4A373'));
  for (const ox of [-12, 0, 12]) pen.line(x + ox * s - 4 * s, y + 20 * s, x + ox * s + 4 * s, y + 26 * s, 2 * s, hex('#A0703E'));
};

const table: Draw = (pen, x, y, s) => {
  pen.rect(x - 60 * s, y + 40 * s, 120 * s, 8 * s, C.darkBrown);
  pen.rect(x - 54 * s, y, 8 * s, 40 * s, C.darkBrown);
  pen.rect(x + 46 * s, y, 8 * s, 40 * s, C.darkBrown);
};

const bowl: Draw = (pen, x, y, s, _d, p) => {
  pen.ellipse(x, y + 12 * s, 20 * s, 6 * s, hex('#F5E6CC'));
  pen.bowl(x, y + 12 * s, 20 * s, 14 * s, hex(p.color ?? '#4D96FF'));
};

const chair: Draw = (pen, x, y, s, _d, p) => {
  const c = hex(p.color ?? '#A0522D');
  pen.rect(x - 18 * s, y + 28 * s, 36 * s, 6 * s, c);
  pen.rect(x - 18 * s, y, 5 * s, 28 * s, c);
  pen.rect(x + 13 * s, y, 5 * s, 28 * s, c);
  pen.rect(x + 13 * s, y + 34 * s, 5 * s, 34 * s, c);
};

const bed: Draw = (pen, x, y, s, _d, p) => {
  pen.rect(x - 50 * s, y, 8 * s, 50 * s, C.darkBrown);
  pen.rect(x + 42 * s, y, 8 * s, 36 * s, C.darkBrown);
  pen.rect(x - 44 * s, y + 14 * s, 88 * s, 16 * s, hex(p.color ?? '#90CAF9'));
  pen.ellipse(x - 30 * s, y + 34 * s, 12 * s, 6 * s, C.white);
};

const cake: Draw = (pen, x, y, s) => {
  pen.rect(x - 22 * s, y, 44 * s, 24 * s, hex('#F4A6C6'));
  pen.rect(x - 22 * s, y + 20 * s, 44 * s, 6 * s, C.white);
  pen.circle(x, y + 32 * s, 5 * s, C.red);
};

const pot: Draw = (pen, x, y, s) => {
  pen.bowl(x, y + 40 * s, 34 * s, 34 * s, C.darkGrey);
  pen.rect(x - 36 * s, y + 36 * s, 72 * s, 6 * s, C.ink);
  for (const ox of [-14, 0, 14]) pen.circle(x + ox * s, y + 52 * s, 6 * s, hex('#E0F2FF'));
  pen.poly(
    [
      [x - 30 * s, y - 4 * s],
      [x, y + 10 * s],
      [x + 30 * s, y - 4 * s],
    ],
    C.orange,
  );
};

const bridge: Draw = (pen, x, y, s) => {
  pen.rect(x - 110 * s, y + 40 * s, 220 * s, 12 * s, hex('#8D6E63'));
  pen.rect(x - 100 * s, y - 30 * s, 14 * s, 70 * s, hex('#6D4C41'));
  pen.rect(x + 86 * s, y - 30 * s, 14 * s, 70 * s, hex('#6D4C41'));
  for (let i = 0; i < 12; i++) pen.line(x - 104 * s + i * 19 * s, y + 40 * s, x - 104 * s + i * 19 * s, y + 52 * s, 1.2 * s, hex('#5D4037'));
};

const flag: Draw = (pen, x, y, s) => {
  pen.line(x, y, x, y + 90 * s, 3 * s, C.ink);
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 4; c++) {
      pen.rect(x + c * 8 * s, y + 66 * s + r * 8 * s, 8 * s, 8 * s, (r + c) % 2 ? C.white : C.ink);
    }
};

const net: Draw = (pen, x, y, s) => {
  for (let i = -4; i <= 4; i++) {
    pen.line(x + i * 14 * s, y, x + i * 10 * s, y + 90 * s, 1.5 * s, hex('#8D6E63'));
    pen.line(x - 60 * s, y + (i + 4) * 11 * s, x + 60 * s, y + (i + 4) * 11 * s, 1.5 * s, hex('#8D6E63'));
  }
};

const reeds: Draw = (pen, x, y, s) => {
  for (let i = -3; i <= 3; i++) {
    pen.line(x + i * 7 * s, y, x + i * 9 * s, y + (50 + (i % 2) * 14) * s, 2.5 * s, hex('#6B8E23'));
    if (i % 2 === 0) pen.ellipse(x + i * 9 * s, y + (48 + (i % 2) * 14) * s, 3 * s, 9 * s, C.brown);
  }
};

const egg: Draw = (pen, x, y, s) => pen.ellipse(x, y + 12 * s, 9 * s, 12 * s, hex('#FFF8E7'));

const DRAW: Record<PropKind, Draw> = {
  hen: bird(hex('#C0392B'), hex('#922B21'), C.orange, { comb: true }),
  chick: (pen, x, y, s, d, p) => bird(C.yellow, hex('#F4B400'), C.orange)(pen, x, y, s * 0.5, d, p),
  duck: bird(C.white, hex('#E0E0E0'), C.orange),
  duckling: (pen, x, y, s, d, p) => bird(hex(p.color ?? '#FFE066'), hex('#F4B400'), C.orange)(pen, x, y, s * 0.6, d, p),
  swan: bird(C.white, hex('#ECEFF1'), C.orange, { neck: 26 }),
  cat: beast({ body: hex('#F4A261'), ears: 'pointy', tail: 'thin', long: 26, legs: 14 }),
  dog: beast({ body: hex('#C68B59'), ears: 'floppy', tail: 'thin', tailColor: hex('#8D5524'), long: 30 }),
  pig: beast({ body: C.pink, snout: hex('#F48FB1'), ears: 'pointy', tail: 'curly', long: 32, legs: 12 }),
  wolf: beast({ body: C.grey, head: hex('#8A9096'), snout: hex('#C9CED3'), ears: 'pointy', tail: 'bushy', long: 38, legs: 20 }),
  bear: beast({ body: C.brown, snout: hex('#C8A27A'), ears: 'round', tail: 'none', long: 36, legs: 18 }),
  fox: beast({ body: C.orange, snout: C.white, ears: 'pointy', tail: 'bushy', tailColor: hex('#E67E22'), long: 32, legs: 16 }),
  cow: beast({ body: C.white, snout: C.pink, ears: 'round', tail: 'tuft', tailColor: C.ink, horns: true, long: 40, legs: 22 }),
  horse: beast({ body: hex('#8D6E63'), ears: 'pointy', tail: 'tuft', mane: undefined, tailColor: C.darkBrown, long: 40, legs: 28 }),
  sheep: beast({ body: hex('#F5F5F5'), head: C.darkGrey, snout: C.darkGrey, ears: 'floppy', tail: 'none', long: 30, legs: 14 }),
  goat: beast({ body: hex('#D7CCC8'), snout: hex('#BCAAA4'), ears: 'floppy', tail: 'thin', horns: true, beard: true, long: 32, legs: 20 }),
  lion: beast({ body: hex('#E9B949'), mane: hex('#B9770E'), snout: hex('#F5D58A'), ears: 'round', tail: 'tuft', long: 40, legs: 20 }),
  mouse: (pen, x, y, s, d, p) =>
    beast({ body: C.grey, snout: C.pink, ears: 'round', tail: 'thin', tailColor: C.pink, long: 26, legs: 8 })(pen, x, y, s * 0.45, d, p),
  hare: beast({ body: hex('#BCA38A'), snout: hex('#E8DCCB'), ears: 'long', tail: 'curly', tailColor: C.white, long: 28, legs: 16 }),
  tortoise,
  girl: person({ clothes: hex('#E76F51'), hair: hex('#F6C445'), longHair: true, height: 0.85 }),
  boy: person({ clothes: hex('#2A9D8F'), hair: hex('#6D4C41'), height: 0.85 }),
  woman: person({ clothes: hex('#9B5DE5'), hair: hex('#BDBDBD'), longHair: true }),
  man: person({ clothes: hex('#457B9D'), hair: hex('#9E9E9E') }),
  troll: person({ clothes: hex('#6D4C41'), hair: hex('#33691E'), skin: hex('#8BC34A'), head: 20, height: 1.2 }),
  gingerbread,
  tree,
  bush,
  house,
  windmill,
  wheat,
  flower,
  bread,
  bowl,
  chair,
  bed,
  table,
  cake,
  pot,
  bridge,
  flag,
  net,
  reeds,
  egg,
};

/** Sky, sun or moon, clouds, hills and ground; then the props, back to front. */
function drawScene(pen: Pen, scene: Scene, box: { x: number; y: number; w: number; h: number }) {
  const { x, y, w, h } = box;
  // Everything inside the frame: hills and props may reach past it and are cut at its edge.
  pen.page.pushOperators(pushGraphicsState(), rectangle(x, y, w, h), clip(), endPath());
  const skyColor = scene.sky === 'indoor' ? C.wall : C[scene.sky === 'day' ? 'sky' : scene.sky];
  pen.rect(x, y, w, h, skyColor);
  const groundKind = scene.ground ?? (scene.sky === 'indoor' ? 'floor' : scene.sky === 'winter' ? 'snow' : 'grass');
  const groundH = h * 0.3;
  const gy = y + groundH;

  if (scene.sky === 'indoor') {
    pen.rect(x + w * 0.72, y + h * 0.5, w * 0.16, h * 0.3, hex('#BDE0FE'));
    pen.line(x + w * 0.8, y + h * 0.5, x + w * 0.8, y + h * 0.8, 3, C.white);
    pen.line(x + w * 0.72, y + h * 0.65, x + w * 0.88, y + h * 0.65, 3, C.white);
    pen.rect(x + w * 0.06, y + h * 0.55, w * 0.1, h * 0.2, hex('#F4A261'));
  } else if (scene.sky === 'night') {
    pen.circle(x + w * 0.85, y + h * 0.8, 26, C.moon);
    pen.circle(x + w * 0.85 + 10, y + h * 0.8 + 8, 22, C.night);
    for (const [fx, fy] of [
      [0.1, 0.85],
      [0.25, 0.72],
      [0.4, 0.9],
      [0.55, 0.78],
      [0.68, 0.92],
      [0.95, 0.65],
    ] as const)
      pen.circle(x + w * fx, y + h * fy, 2.5, C.moon);
  } else {
    const sunColor = scene.sky === 'dusk' ? hex('#FF7F50') : scene.sky === 'winter' ? hex('#FFF3B0') : C.sun;
    const sx = x + w * (scene.sky === 'dusk' ? 0.5 : 0.86);
    const sy = y + h * (scene.sky === 'dusk' ? 0.42 : 0.8);
    if (scene.sky !== 'dusk') {
      for (let i = 0; i < 12; i++) {
        const a = (i / 12) * Math.PI * 2;
        pen.line(sx + Math.cos(a) * 34, sy + Math.sin(a) * 34, sx + Math.cos(a) * 46, sy + Math.sin(a) * 46, 3, sunColor);
      }
    }
    pen.circle(sx, sy, 28, sunColor);
    for (const [fx, fy] of [
      [0.18, 0.82],
      [0.5, 0.88],
    ] as const) {
      pen.ellipse(x + w * fx, y + h * fy, 34, 12, C.cloud);
      pen.ellipse(x + w * fx + 16, y + h * fy + 8, 22, 12, C.cloud);
    }
  }

  if (groundKind === 'floor') {
    pen.rect(x, y, w, groundH, C.floor);
    for (let i = 1; i < 8; i++) pen.line(x + (w / 8) * i, y, x + (w / 8) * i, gy, 1, hex('#B07D4F'));
  } else if (groundKind === 'water') {
    pen.ellipse(x + w * 0.2, gy, w * 0.3, h * 0.14, C.hillFar);
    pen.ellipse(x + w * 0.85, gy, w * 0.25, h * 0.12, C.hillFar);
    pen.rect(x, y, w, groundH, C.water);
    for (let i = 0; i < 6; i++) pen.line(x + 40 + i * 120, y + groundH * 0.5, x + 80 + i * 120, y + groundH * 0.5, 2, hex('#AED6F1'));
  } else {
    const far = groundKind === 'snow' ? hex('#F1F5F9') : C.hillFar;
    const near = groundKind === 'snow' ? C.snow : groundKind === 'road' ? C.hill : C.hill;
    pen.ellipse(x + w * 0.25, gy, w * 0.32, h * 0.22, far);
    pen.ellipse(x + w * 0.78, gy, w * 0.3, h * 0.18, far);
    pen.rect(x, y, w, groundH, groundKind === 'snow' ? C.snow : C.grass);
    pen.ellipse(x + w * 0.6, y + groundH * 0.2, w * 0.5, groundH * 0.5, near);
    if (groundKind === 'road')
      pen.poly(
        [
          [x + w * 0.35, y],
          [x + w * 0.65, y],
          [x + w * 0.53, gy],
          [x + w * 0.47, gy],
        ],
        C.road,
      );
  }

  for (const prop of scene.props) {
    const draw = DRAW[prop.kind];
    draw(pen, x + w * prop.x, gy - 30 + (prop.lift ?? 0) * PROP_SCALE, (prop.size ?? 1) * PROP_SCALE, prop.flip ? -1 : 1, prop);
  }
  pen.page.pushOperators(popGraphicsState());
  // A frame, so the picture reads as a picture on any background.
  pen.page.drawRectangle({ x, y, width: w, height: h, borderColor: C.ink, borderWidth: 3 });
}

/** Breaks text into lines no wider than `width` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) > width) {
        lines.push(line);
        line = word;
      } else {
        line = next;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** The largest size, from 26 points down, at which the text fits the text area. */
function fitText(text: string, font: PDFFont, width: number, height: number) {
  for (let size = TEXT_MAX_SIZE; size > TEXT_MIN_SIZE; size -= 1) {
    const lines = wrap(text, font, size, width);
    if (lines.length * size * 1.3 <= height) return { size, lines };
  }
  return { size: TEXT_MIN_SIZE, lines: wrap(text, font, TEXT_MIN_SIZE, width) };
}

/** The book as PDF bytes, and the text of each page (cover first) as it is printed. */
export async function renderPictureBook(book: PictureBook): Promise<{ pdf: Uint8Array; pages: string[] }> {
  const doc = await PDFDocument.create();
  doc.setTitle(book.title);
  doc.setAuthor(`${book.author}, retold by Family Story Time`);
  doc.setCreator('Family Story Time');
  doc.setProducer('Family Story Time');
  // Fixed dates: the same story makes the same file on every start and every instance.
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const pages: string[] = [];

  const cover = doc.addPage([W, H]);
  const coverPen = new Pen(cover);
  coverPen.rect(0, 0, W, H, hex(book.coverColor));
  drawScene(coverPen, book.cover, { x: MARGIN, y: MARGIN, w: W - 2 * MARGIN, h: H - 2 * MARGIN });
  const titleSize = Math.min(44, (W - 160) / Math.max(1, bold.widthOfTextAtSize(book.title, 1)));
  const titleWidth = bold.widthOfTextAtSize(book.title, titleSize);
  const subtitle = `${book.author} - retold by Family Story Time`;
  const subtitleWidth = regular.widthOfTextAtSize(subtitle, 18);
  const bannerW = Math.max(titleWidth, subtitleWidth) + 60;
  cover.drawRectangle({ x: (W - bannerW) / 2, y: H - 190, width: bannerW, height: 116, color: C.white, opacity: 0.92, borderColor: C.ink, borderWidth: 2 });
  cover.drawText(book.title, { x: (W - titleWidth) / 2, y: H - 130, size: titleSize, font: bold, color: C.ink });
  cover.drawText(subtitle, { x: (W - subtitleWidth) / 2, y: H - 170, size: 18, font: regular, color: C.ink });
  pages.push(`${book.title}\n${subtitle}`);

  book.pages.forEach((storyPage, i) => {
    const page = doc.addPage([W, H]);
    const pen = new Pen(page);
    pen.rect(0, 0, W, H, hex('#FFFBF2'));
    drawScene(pen, storyPage.scene, PANEL);
    const { size, lines } = fitText(storyPage.text, regular, W - 2 * MARGIN - 24, TEXT_TOP - TEXT_BOTTOM);
    lines.forEach((line, n) => page.drawText(line, { x: MARGIN + 12, y: TEXT_TOP - size - n * size * 1.3, size, font: regular, color: C.ink }));
    const number = String(i + 1);
    page.drawText(number, { x: W - MARGIN - regular.widthOfTextAtSize(number, 12), y: 18, size: 12, font: regular, color: C.darkGrey });
    pages.push(storyPage.text);
  });

  return { pdf: await doc.save(), pages };
}
