import type { PictureBook, Prop, PropKind } from './picture-book.ts';

/**
 * The starter catalogue: public-domain children's tales, retold in our own words by Family Story Time
 * and drawn by picture-book.ts; generate.ts writes them to assets/starter-books, which the server seeds.
 * The slug is the stable name that keeps seeding idempotent: never change one, add a new story instead.
 */
export type SampleBook = PictureBook & {
  slug: string;
  description: string;
  /** Where the tale comes from, for the attribution file. */
  source: string;
  isPremium: boolean;
  tokenCost: number;
};

const p = (kind: PropKind, x: number, more: Omit<Prop, 'kind' | 'x'> = {}): Prop => ({ kind, x, ...more });

export const SAMPLE_BOOKS: SampleBook[] = [
  {
    slug: 'the-little-red-hen',
    title: 'The Little Red Hen',
    author: 'American folk tale',
    description: 'A hard-working hen asks her friends for help with the wheat, the flour and the bread. Who will help her eat it?',
    source: 'A traditional American folk tale, printed in many nineteenth-century school readers.',
    isPremium: false,
    tokenCost: 0,
    coverColor: '#FDE2C4',
    cover: { sky: 'day', props: [p('windmill', 0.15), p('wheat', 0.32), p('hen', 0.55, { size: 1.6 }), p('chick', 0.75), p('chick', 0.83, { flip: true })] },
    pages: [
      {
        text: 'Once upon a time, a little red hen lived on a farm with a lazy cat, a sleepy dog and a noisy duck. One morning she found some grains of wheat in the farmyard.',
        scene: {
          sky: 'morning',
          props: [
            p('house', 0.12, { color: '#F4D35E' }),
            p('cat', 0.36, { asleep: true }),
            p('dog', 0.55, { asleep: true }),
            p('duck', 0.72),
            p('hen', 0.88, { flip: true }),
          ],
        },
      },
      {
        text: '"Who will help me plant this wheat?" asked the Little Red Hen. "Not I," said the cat. "Not I," said the dog. "Not I," said the duck. "Then I will plant it myself," said the hen. And she did.',
        scene: {
          sky: 'day',
          props: [p('cat', 0.15), p('dog', 0.32), p('duck', 0.5), p('hen', 0.75, { flip: true, size: 1.2 }), p('flower', 0.9, { size: 0.6 })],
        },
      },
      {
        text: 'The sun shone and the rain fell, and the wheat grew tall and golden. "Who will help me cut the wheat?" asked the hen. "Not I," said the cat, the dog and the duck. So she cut it herself.',
        scene: { sky: 'day', props: [p('wheat', 0.15), p('wheat', 0.3), p('wheat', 0.45), p('hen', 0.62), p('cat', 0.85, { flip: true, asleep: true })] },
      },
      {
        text: '"Who will help me take the wheat to the mill?" asked the hen. "Not I," they all said, and yawned. So the Little Red Hen carried the heavy sack to the mill, and the miller ground it into soft white flour.',
        scene: { sky: 'day', ground: 'road', props: [p('windmill', 0.78, { size: 1.2 }), p('hen', 0.3), p('wheat', 0.12, { size: 0.7 })] },
      },
      {
        text: '"Who will help me bake the bread?" asked the hen. "Not I," said the cat, the dog and the duck. So she mixed the flour, kneaded the dough and baked a warm, golden loaf.',
        scene: { sky: 'indoor', props: [p('table', 0.5), p('bread', 0.5, { lift: 48 }), p('hen', 0.25), p('pot', 0.8, { size: 0.8 })] },
      },
      {
        text: 'The smell of fresh bread drifted across the farm. "Who will help me eat the bread?" asked the hen. "I will!" said the cat. "I will!" said the dog. "I will!" said the duck.',
        scene: {
          sky: 'day',
          props: [p('bread', 0.5, { size: 1.3 }), p('cat', 0.2), p('dog', 0.8, { flip: true }), p('duck', 0.65, { flip: true }), p('hen', 0.35)],
        },
      },
      {
        text: '"No," said the Little Red Hen. "I planted, cut, carried and baked it all by myself. Now my chicks and I will eat it." And they did, every last crumb. The next time, everyone helped.',
        scene: { sky: 'dusk', props: [p('hen', 0.35, { size: 1.3 }), p('chick', 0.5), p('chick', 0.58), p('chick', 0.66), p('bread', 0.8)] },
      },
    ],
  },
  {
    slug: 'the-three-little-pigs',
    title: 'The Three Little Pigs',
    author: 'English folk tale',
    description: 'Three little pigs build houses of straw, sticks and bricks. Which one will stand up to the huffing, puffing wolf?',
    source: 'A traditional English tale, as collected by Joseph Jacobs in "English Fairy Tales" (1890).',
    isPremium: false,
    tokenCost: 0,
    coverColor: '#FAD4D8',
    cover: {
      sky: 'day',
      props: [
        p('house', 0.15, { color: '#B5523B', size: 1.1 }),
        p('pig', 0.4),
        p('pig', 0.55, { size: 0.9 }),
        p('pig', 0.68, { size: 0.8 }),
        p('wolf', 0.88, { flip: true }),
      ],
    },
    pages: [
      {
        text: 'Once upon a time, three little pigs set off into the wide world to build homes of their own. Their mother waved goodbye. "Build strong and safe, my dears!" she called.',
        scene: {
          sky: 'morning',
          ground: 'road',
          props: [p('pig', 0.2, { size: 1.4 }), p('pig', 0.55), p('pig', 0.68, { size: 0.9 }), p('pig', 0.8, { size: 0.8 }), p('tree', 0.94, { size: 0.8 })],
        },
      },
      {
        text: 'The first little pig built a house of straw. Along came a wolf. "Little pig, let me come in!" "Not by the hair of my chinny chin chin!" So the wolf huffed and puffed and blew the house in.',
        scene: { sky: 'day', props: [p('house', 0.3, { color: '#F2D16B' }), p('pig', 0.52), p('wolf', 0.8, { flip: true, size: 1.1 })] },
      },
      {
        text: 'The second little pig built a house of sticks. "Little pig, let me come in!" "Not by the hair of my chinny chin chin!" So the wolf huffed and he puffed and he blew that house in too.',
        scene: {
          sky: 'day',
          props: [p('house', 0.3, { color: '#A47148' }), p('pig', 0.5), p('pig', 0.6, { size: 0.9 }), p('wolf', 0.85, { flip: true, size: 1.1 })],
        },
      },
      {
        text: 'The third little pig had built a house of bricks, strong and solid. The wolf huffed and he puffed, and he puffed and he huffed, but he could not blow the house down.',
        scene: {
          sky: 'day',
          props: [p('house', 0.35, { color: '#B5523B', size: 1.3 }), p('wolf', 0.75, { flip: true, size: 1.1 }), p('flower', 0.6, { size: 0.7 })],
        },
      },
      {
        text: 'Then the wolf climbed onto the roof to come down the chimney. But the clever little pig had a big pot of water bubbling on the fire. SPLASH! The wolf yelped, shot back up the chimney and ran away.',
        scene: { sky: 'indoor', props: [p('pot', 0.5, { size: 1.3 }), p('pig', 0.2), p('pig', 0.8, { flip: true }), p('pig', 0.9, { flip: true, size: 0.8 })] },
      },
      {
        text: 'The three little pigs lived happily together in the strong brick house. And they always remembered: take your time, and build things well.',
        scene: {
          sky: 'dusk',
          props: [
            p('house', 0.3, { color: '#B5523B', size: 1.2 }),
            p('pig', 0.55),
            p('pig', 0.68, { size: 0.9 }),
            p('pig', 0.8, { size: 0.8 }),
            p('flower', 0.93),
          ],
        },
      },
    ],
  },
  {
    slug: 'goldilocks-and-the-three-bears',
    title: 'Goldilocks and the Three Bears',
    author: 'After Robert Southey',
    description: 'A curious girl wanders into the three bears’ cottage and tries their porridge, their chairs and their beds.',
    source: 'After "The Story of the Three Bears" by Robert Southey (1837) and the many folk retellings that followed.',
    isPremium: false,
    tokenCost: 0,
    coverColor: '#FFF1B8',
    cover: {
      sky: 'day',
      props: [
        p('tree', 0.1),
        p('house', 0.3),
        p('bear', 0.55, { size: 1.3 }),
        p('bear', 0.72),
        p('bear', 0.84, { size: 0.7 }),
        p('girl', 0.95, { flip: true }),
      ],
    },
    pages: [
      {
        text: 'Once upon a time, three bears lived in a little house in the woods: a great big Father Bear, a middle-sized Mother Bear and a tiny Baby Bear.',
        scene: { sky: 'day', props: [p('tree', 0.08), p('house', 0.28), p('bear', 0.52, { size: 1.3 }), p('bear', 0.72), p('bear', 0.88, { size: 0.7 })] },
      },
      {
        text: 'One morning their porridge was too hot to eat, so the bears went for a walk while it cooled. Soon a girl with golden curls, called Goldilocks, came by and peeped through the window.',
        scene: { sky: 'morning', props: [p('tree', 0.9), p('house', 0.35, { size: 1.2 }), p('girl', 0.62, { flip: true }), p('flower', 0.75)] },
      },
      {
        text: 'Goldilocks went in and tasted the porridge. Father Bear’s was too hot. Mother Bear’s was too cold. Baby Bear’s was just right, and she ate it all up!',
        scene: {
          sky: 'indoor',
          props: [
            p('table', 0.5, { size: 1.2 }),
            p('bowl', 0.38, { lift: 58, size: 1.2 }),
            p('bowl', 0.5, { lift: 58, color: '#F28C28' }),
            p('bowl', 0.6, { lift: 58, size: 0.7, color: '#2A9D8F' }),
            p('girl', 0.82, { flip: true }),
          ],
        },
      },
      {
        text: 'Then she tried the chairs. The big chair was too hard. The middle chair was too soft. The little chair was just right, until CRACK! It broke into pieces.',
        scene: {
          sky: 'indoor',
          props: [
            p('chair', 0.2, { size: 1.5 }),
            p('chair', 0.4, { size: 1.1, color: '#C17C74' }),
            p('chair', 0.58, { size: 0.7, color: '#6A994E' }),
            p('girl', 0.78, { flip: true }),
          ],
        },
      },
      {
        text: 'Feeling sleepy, she climbed the stairs and tried the beds. The big bed was too high, the middle bed was too low, and the little bed was just right. Goldilocks fell fast asleep.',
        scene: {
          sky: 'indoor',
          props: [
            p('bed', 0.2, { size: 1.3 }),
            p('bed', 0.5, { color: '#F4A6C6' }),
            p('bed', 0.78, { size: 0.8, color: '#FFD166' }),
            p('girl', 0.78, { lift: 14, size: 0.5, asleep: true }),
          ],
        },
      },
      {
        text: '"Someone has been eating my porridge," growled Father Bear. "Someone has been sitting in my chair," said Mother Bear. "And someone has been sleeping in my bed, and she is still there!" cried Baby Bear.',
        scene: {
          sky: 'indoor',
          props: [p('bear', 0.2, { size: 1.3 }), p('bear', 0.42), p('bear', 0.58, { size: 0.7 }), p('bed', 0.82, { size: 0.8, color: '#FFD166' })],
        },
      },
      {
        text: 'Goldilocks woke up, saw three bears looking at her, and jumped out of the window. She ran all the way home, and she never again went into a house without being invited.',
        scene: { sky: 'day', props: [p('house', 0.2), p('girl', 0.55), p('tree', 0.75), p('tree', 0.92, { size: 0.8 })] },
      },
    ],
  },
  {
    slug: 'the-tortoise-and-the-hare',
    title: 'The Tortoise and the Hare',
    author: 'Aesop',
    description: 'A boastful hare races a slow and steady tortoise. Who will cross the finish line first?',
    source: 'A fable of Aesop (ancient Greece), told in many public-domain collections of "Aesop’s Fables".',
    isPremium: false,
    tokenCost: 0,
    coverColor: '#D8F3DC',
    cover: { sky: 'day', ground: 'road', props: [p('tortoise', 0.3, { size: 1.4 }), p('hare', 0.7, { size: 1.3, flip: true }), p('flag', 0.92)] },
    pages: [
      {
        text: 'A hare was always boasting about how fast he could run. "Nobody can beat me," he laughed. "I am the fastest animal in the whole meadow!"',
        scene: { sky: 'day', props: [p('hare', 0.3, { size: 1.3 }), p('fox', 0.6, { flip: true }), p('sheep', 0.82, { flip: true }), p('flower', 0.1)] },
      },
      {
        text: 'A tortoise, slow and steady, looked up and said, "I will race you." All the animals laughed, but the hare agreed at once. "This will be easy," he said.',
        scene: { sky: 'day', props: [p('tortoise', 0.35, { size: 1.2 }), p('hare', 0.62, { flip: true, size: 1.2 }), p('mouse', 0.85), p('bush', 0.1)] },
      },
      {
        text: 'The fox called out, "Ready, steady, go!" The hare shot off like the wind and was soon far away. The tortoise set off one slow step at a time.',
        scene: { sky: 'day', ground: 'road', props: [p('fox', 0.15), p('tortoise', 0.35), p('hare', 0.82, { size: 0.9 })] },
      },
      {
        text: 'Halfway along, the hare looked back. The tortoise was a tiny dot in the distance. "I have plenty of time for a nap," he yawned, and lay down under a shady tree.',
        scene: { sky: 'day', props: [p('tree', 0.6, { size: 1.3 }), p('hare', 0.45, { asleep: true }), p('tortoise', 0.08, { size: 0.4 })] },
      },
      {
        text: 'The hare slept and slept. Meanwhile the tortoise kept going, step by step, never stopping, past the tree and on towards the finish line.',
        scene: { sky: 'dusk', props: [p('tree', 0.3, { size: 1.2 }), p('hare', 0.18, { asleep: true }), p('tortoise', 0.62), p('flag', 0.9)] },
      },
      {
        text: 'When the hare woke up, he raced to the finish as fast as he could. But it was too late! The tortoise had already crossed the line, and all the animals were cheering.',
        scene: {
          sky: 'day',
          props: [p('flag', 0.55), p('tortoise', 0.68), p('hare', 0.2), p('fox', 0.85, { flip: true }), p('sheep', 0.95, { flip: true, size: 0.8 })],
        },
      },
      {
        text: '"Slow and steady wins the race," smiled the tortoise. And from that day on, the hare never boasted again.',
        scene: { sky: 'dusk', props: [p('tortoise', 0.4, { size: 1.4 }), p('hare', 0.65, { flip: true }), p('flower', 0.85)] },
      },
    ],
  },
  {
    slug: 'the-ugly-duckling',
    title: 'The Ugly Duckling',
    author: 'Hans Christian Andersen',
    description: 'A grey duckling who never fits in finds out, after a long cold winter, who he really is.',
    source: 'After "The Ugly Duckling" by Hans Christian Andersen (1843).',
    isPremium: false,
    tokenCost: 0,
    coverColor: '#CDEBF9',
    cover: {
      sky: 'day',
      ground: 'water',
      props: [p('reeds', 0.1), p('duckling', 0.3), p('duckling', 0.42), p('duckling', 0.58, { color: '#9E9E9E', size: 1.4 }), p('swan', 0.82, { flip: true })],
    },
    pages: [
      {
        text: 'On a farm beside a pond, a mother duck sat on her eggs. One by one they hatched into fluffy yellow ducklings. The biggest egg hatched last, and out came a large grey duckling.',
        scene: {
          sky: 'morning',
          props: [
            p('reeds', 0.1),
            p('duck', 0.35, { size: 1.2 }),
            p('duckling', 0.55),
            p('duckling', 0.65),
            p('egg', 0.75),
            p('duckling', 0.86, { color: '#9E9E9E', size: 1.3 }),
          ],
        },
      },
      {
        text: '"How big and ugly he is!" quacked the other ducks. The hens pecked at him and the farm animals laughed. The poor duckling felt very sad and lonely.',
        scene: { sky: 'day', props: [p('hen', 0.2), p('duck', 0.4), p('pig', 0.62), p('duckling', 0.86, { color: '#9E9E9E', size: 1.3, flip: true })] },
      },
      {
        text: 'So the ugly duckling ran away. He wandered through marshes and fields, and wherever he went, nobody wanted to play with him.',
        scene: { sky: 'dusk', props: [p('reeds', 0.2), p('reeds', 0.7), p('duckling', 0.45, { color: '#9E9E9E', size: 1.3 }), p('bush', 0.9)] },
      },
      {
        text: 'Winter came, cold and hard. The pond froze over, and the little duckling hid among the reeds, shivering, waiting for the spring.',
        scene: { sky: 'winter', props: [p('reeds', 0.4), p('duckling', 0.52, { color: '#9E9E9E', size: 1.2 }), p('tree', 0.85, { size: 0.9 })] },
      },
      {
        text: 'At last the sun grew warm again. The duckling spread his wings and found that they were big and strong. He flew to a lake where beautiful white swans were swimming.',
        scene: {
          sky: 'day',
          ground: 'water',
          props: [p('swan', 0.25), p('swan', 0.45), p('duckling', 0.8, { color: '#E0E0E0', size: 1.5, lift: 40, flip: true })],
        },
      },
      {
        text: 'He bowed his head, expecting them to chase him away. But in the water he saw his reflection. He was not an ugly duckling at all. He was a swan!',
        scene: { sky: 'day', ground: 'water', props: [p('swan', 0.5, { size: 1.3 }), p('reeds', 0.15), p('reeds', 0.88)] },
      },
      {
        text: 'The other swans welcomed him, and the children on the shore cried, "Look at the new swan! He is the most beautiful of all!" He was happier than he had ever dreamed.',
        scene: {
          sky: 'dusk',
          ground: 'water',
          props: [p('swan', 0.3), p('swan', 0.5, { size: 1.2 }), p('swan', 0.7, { flip: true }), p('girl', 0.92, { flip: true })],
        },
      },
    ],
  },
  {
    slug: 'the-gingerbread-man',
    title: 'The Gingerbread Man',
    author: 'American folk tale',
    description: 'A freshly baked gingerbread man runs away from everyone who wants to eat him, until he meets a clever fox.',
    source: 'A traditional tale, first printed as "The Gingerbread Boy" in St. Nicholas Magazine (1875).',
    isPremium: false,
    tokenCost: 0,
    coverColor: '#F9DCC4',
    cover: {
      sky: 'day',
      ground: 'road',
      props: [p('woman', 0.15), p('gingerbread', 0.45, { size: 1.5 }), p('cow', 0.72, { flip: true }), p('fox', 0.9, { flip: true })],
    },
    pages: [
      {
        text: 'A little old woman baked a gingerbread man with raisin eyes and a cherry-red mouth. But when she opened the oven door, he jumped out and ran away!',
        scene: { sky: 'indoor', props: [p('woman', 0.25), p('table', 0.5), p('gingerbread', 0.75, { size: 0.8 })] },
      },
      {
        text: '"Run, run, as fast as you can! You can’t catch me, I’m the Gingerbread Man!" he sang, as the old woman and the old man chased after him.',
        scene: { sky: 'day', ground: 'road', props: [p('house', 0.1, { size: 0.8 }), p('woman', 0.3), p('man', 0.45), p('gingerbread', 0.8)] },
      },
      {
        text: 'He ran past a cow and a horse. "Stop! We want to eat you!" they called. But he only laughed and ran faster. "Run, run, as fast as you can!"',
        scene: { sky: 'day', props: [p('cow', 0.2), p('horse', 0.45), p('gingerbread', 0.82)] },
      },
      {
        text: 'Then he came to a wide river and had to stop. A sly fox sat on the bank. "Jump on my tail," said the fox, "and I will carry you across."',
        scene: { sky: 'day', ground: 'water', props: [p('reeds', 0.1), p('gingerbread', 0.3, { lift: 30 }), p('fox', 0.6, { flip: true, lift: 30 })] },
      },
      {
        text: 'As the water grew deeper the fox said, "Climb onto my back." Then, "Climb onto my head." At last, "Climb onto my nose." And the gingerbread man climbed up onto the fox’s nose.',
        scene: { sky: 'dusk', ground: 'water', props: [p('fox', 0.5, { size: 1.3 }), p('gingerbread', 0.62, { size: 0.5, lift: 50 })] },
      },
      {
        text: 'SNAP! went the fox, and that was the end of the Gingerbread Man. So remember: be careful whom you trust, even when they sound very kind.',
        scene: { sky: 'dusk', props: [p('fox', 0.5, { size: 1.3 }), p('bush', 0.15), p('tree', 0.85)] },
      },
    ],
  },
  {
    slug: 'the-boy-who-cried-wolf',
    title: 'The Boy Who Cried Wolf',
    author: 'Aesop',
    description: 'A bored shepherd boy plays a trick on his village, until the day a real wolf comes.',
    source: 'A fable of Aesop (ancient Greece), told in many public-domain collections of "Aesop’s Fables".',
    isPremium: false,
    tokenCost: 0,
    coverColor: '#E2ECE9',
    cover: {
      sky: 'day',
      props: [p('boy', 0.3, { size: 1.3 }), p('sheep', 0.5), p('sheep', 0.65, { size: 0.9 }), p('wolf', 0.9, { flip: true }), p('tree', 0.08)],
    },
    pages: [
      {
        text: 'A shepherd boy looked after the village sheep on a green hillside. The days were long and quiet, and the boy was very, very bored.',
        scene: { sky: 'day', props: [p('boy', 0.2), p('sheep', 0.45), p('sheep', 0.6), p('sheep', 0.75, { flip: true }), p('tree', 0.92)] },
      },
      {
        text: 'One day, just for a joke, he shouted, "Wolf! Wolf! A wolf is chasing the sheep!" The villagers dropped their work and ran up the hill to help.',
        scene: { sky: 'day', props: [p('boy', 0.5, { size: 1.2 }), p('man', 0.15), p('woman', 0.28), p('sheep', 0.8)] },
      },
      {
        text: 'But there was no wolf. The boy laughed and laughed at their worried faces. The villagers frowned and walked back down the hill.',
        scene: { sky: 'day', props: [p('boy', 0.6, { size: 1.2 }), p('man', 0.2, { flip: true }), p('woman', 0.32, { flip: true }), p('sheep', 0.85)] },
      },
      {
        text: 'A few days later he did it again. "Wolf! Wolf!" Again the villagers came running, and again there was no wolf. "Stop telling stories," they said crossly.',
        scene: { sky: 'morning', props: [p('man', 0.15), p('woman', 0.27), p('man', 0.39, { color: '#E76F51' }), p('boy', 0.65), p('sheep', 0.88)] },
      },
      {
        text: 'Then one evening, a real wolf crept out of the forest towards the flock. "Wolf! Wolf!" cried the boy, as loud as he could. But this time, nobody came.',
        scene: {
          sky: 'dusk',
          props: [p('tree', 0.08), p('wolf', 0.25), p('sheep', 0.55, { flip: true }), p('sheep', 0.65, { flip: true }), p('boy', 0.85, { flip: true })],
        },
      },
      {
        text: 'The wolf chased the sheep all over the hill. The boy learned a hard lesson that night: if you tell fibs, people may not believe you, even when you tell the truth.',
        scene: { sky: 'night', props: [p('wolf', 0.2), p('sheep', 0.5), p('sheep', 0.72, { flip: true }), p('boy', 0.9, { flip: true })] },
      },
    ],
  },
  {
    slug: 'the-town-mouse-and-the-country-mouse',
    title: 'The Town Mouse and the Country Mouse',
    author: 'Aesop',
    description: 'Two mouse cousins visit each other’s homes and learn that a quiet life can be the happiest of all.',
    source: 'A fable of Aesop (ancient Greece), told in many public-domain collections of "Aesop’s Fables".',
    isPremium: false,
    tokenCost: 0,
    coverColor: '#EDE7F6',
    cover: { sky: 'day', props: [p('tree', 0.2, { size: 1.2 }), p('mouse', 0.45, { size: 2 }), p('mouse', 0.62, { size: 2, flip: true }), p('house', 0.86)] },
    pages: [
      {
        text: 'A country mouse lived in a cozy hole under an old oak tree. One day her cousin, the town mouse, came to visit, all dressed up in his fine coat.',
        scene: {
          sky: 'day',
          props: [p('tree', 0.3, { size: 1.3 }), p('mouse', 0.5, { size: 1.6 }), p('mouse', 0.68, { size: 1.6, flip: true }), p('flower', 0.88)],
        },
      },
      {
        text: 'The country mouse served her very best food: barley, seeds and a little piece of cheese. The town mouse nibbled and sniffed. "Cousin, how can you live like this? Come to town and taste real food!"',
        scene: { sky: 'day', props: [p('wheat', 0.15), p('mouse', 0.4, { size: 1.6 }), p('mouse', 0.6, { size: 1.6, flip: true }), p('bush', 0.85)] },
      },
      {
        text: 'So off they went to a grand house in the town. On a long table was a feast of cakes, jellies, cheeses and fruit. The country mouse’s eyes grew wide.',
        scene: {
          sky: 'indoor',
          props: [p('table', 0.5, { size: 2 }), p('cake', 0.38, { lift: 96 }), p('bread', 0.6, { lift: 96 }), p('mouse', 0.5, { size: 1.4, lift: 96 })],
        },
      },
      {
        text: 'But just as they began to eat, the door flew open and in came the cook! Then a big cat pounced! The two mice ran and hid, their hearts thumping.',
        scene: { sky: 'indoor', props: [p('woman', 0.15), p('cat', 0.45, { size: 1.3 }), p('mouse', 0.78, { size: 1.4 }), p('mouse', 0.88, { size: 1.4 })] },
      },
      {
        text: 'Again and again they crept out, and again and again they had to run. "Cousin," said the country mouse at last, "this is no life for me."',
        scene: {
          sky: 'indoor',
          props: [
            p('chair', 0.2, { size: 1.3 }),
            p('mouse', 0.45, { size: 1.6 }),
            p('mouse', 0.6, { size: 1.6, flip: true }),
            p('cat', 0.88, { flip: true, asleep: true }),
          ],
        },
      },
      {
        text: '"I would rather eat plain seeds in peace than cake in fear." And she went home to her quiet hole under the oak tree, happy and safe.',
        scene: {
          sky: 'dusk',
          props: [p('tree', 0.4, { size: 1.3 }), p('mouse', 0.6, { size: 1.6 }), p('flower', 0.8), p('flower', 0.88, { color: '#FFD166' })],
        },
      },
    ],
  },
  {
    slug: 'the-lion-and-the-mouse',
    title: 'The Lion and the Mouse',
    author: 'Aesop',
    description: 'A mighty lion spares a tiny mouse, and one day the mouse repays him in a way nobody expected.',
    source: 'A fable of Aesop (ancient Greece), told in many public-domain collections of "Aesop’s Fables".',
    isPremium: true,
    tokenCost: 2,
    coverColor: '#FFE5B4',
    cover: { sky: 'day', props: [p('lion', 0.4, { size: 1.6 }), p('mouse', 0.72, { size: 1.6, flip: true }), p('tree', 0.9)] },
    pages: [
      {
        text: 'A mighty lion was sleeping in the sun when a little mouse ran right across his nose. The lion woke with a ROAR and caught the mouse under his great paw.',
        scene: { sky: 'day', props: [p('tree', 0.15, { size: 1.2 }), p('lion', 0.5, { size: 1.3 }), p('mouse', 0.78, { size: 1.3, flip: true })] },
      },
      {
        text: '"Please let me go!" squeaked the mouse. "If you spare me, one day I may help you." The lion laughed. "How could a tiny mouse ever help a lion?" But he lifted his paw and let her go.',
        scene: { sky: 'day', props: [p('lion', 0.4, { size: 1.3 }), p('mouse', 0.7, { size: 1.5 }), p('bush', 0.9)] },
      },
      {
        text: 'Some days later, the lion was caught in a hunter’s net. He roared and pulled, but the ropes only grew tighter.',
        scene: { sky: 'dusk', props: [p('lion', 0.5, { size: 1.2 }), p('net', 0.5, { size: 1.2 }), p('tree', 0.12), p('tree', 0.88)] },
      },
      {
        text: 'The little mouse heard his roar and came running. She began to nibble the ropes with her sharp little teeth, one after another.',
        scene: { sky: 'dusk', props: [p('lion', 0.45, { size: 1.2 }), p('net', 0.45, { size: 1.2 }), p('mouse', 0.72, { size: 1.4, flip: true })] },
      },
      {
        text: 'Snip, snip, snip! Soon there was a hole big enough, and the lion stepped out free. "Thank you, little friend," he said softly.',
        scene: { sky: 'day', props: [p('lion', 0.4, { size: 1.3 }), p('mouse', 0.68, { size: 1.5, flip: true }), p('net', 0.88, { size: 0.6 })] },
      },
      {
        text: '"You laughed at me," said the mouse, "but now you know that even a small friend can be a great help." And the lion and the mouse were friends ever after.',
        scene: { sky: 'dusk', props: [p('lion', 0.4, { size: 1.3 }), p('mouse', 0.62, { size: 1.5, flip: true }), p('flower', 0.8), p('tree', 0.92)] },
      },
    ],
  },
  {
    slug: 'the-three-billy-goats-gruff',
    title: 'The Three Billy Goats Gruff',
    author: 'Norwegian folk tale',
    description: 'Three clever goats must cross a bridge guarded by a grumpy troll to reach the sweet green grass.',
    source: 'A Norwegian folk tale collected by Peter Christen Asbjørnsen and Jørgen Moe in "Norske Folkeeventyr" (1841-1844).',
    isPremium: true,
    tokenCost: 3,
    coverColor: '#DDEFD0',
    cover: {
      sky: 'day',
      ground: 'water',
      props: [
        p('bridge', 0.5, { lift: 20 }),
        p('goat', 0.38, { lift: 80, size: 0.7 }),
        p('goat', 0.5, { lift: 80, size: 0.9 }),
        p('goat', 0.64, { lift: 80, size: 1.1 }),
        p('troll', 0.5, { size: 0.6, lift: -10 }),
      ],
    },
    pages: [
      {
        text: 'Three billy goats named Gruff lived in a valley. Across the river was a hillside of sweet green grass, but to get there they had to cross a bridge.',
        scene: {
          sky: 'day',
          props: [p('goat', 0.2, { size: 0.7 }), p('goat', 0.36, { size: 0.9 }), p('goat', 0.56, { size: 1.2 }), p('bridge', 0.85, { size: 0.6 })],
        },
      },
      {
        text: 'Under the bridge lived a grumpy troll with eyes as big as saucers. Trip, trap! went the little billy goat over the bridge. "Who is that trip-trapping over my bridge?" roared the troll.',
        scene: {
          sky: 'day',
          ground: 'water',
          props: [p('bridge', 0.5, { lift: 20 }), p('goat', 0.45, { lift: 80, size: 0.7 }), p('troll', 0.5, { size: 0.6, lift: -10 })],
        },
      },
      {
        text: '"Only me, the smallest billy goat. Please don’t eat me! Wait for my bigger brother." "Very well," grumbled the troll. And the little goat trotted across.',
        scene: {
          sky: 'day',
          ground: 'water',
          props: [p('bridge', 0.5, { lift: 20 }), p('goat', 0.72, { lift: 80, size: 0.7 }), p('troll', 0.5, { size: 0.6, lift: -10 })],
        },
      },
      {
        text: 'Trip, trap! came the middle billy goat. "Don’t eat me," he said. "Wait for my big brother, he is much bigger than me." So the troll let him go too.',
        scene: {
          sky: 'day',
          ground: 'water',
          props: [p('bridge', 0.5, { lift: 20 }), p('goat', 0.5, { lift: 80, size: 0.9 }), p('troll', 0.5, { size: 0.6, lift: -10 })],
        },
      },
      {
        text: 'TRIP, TRAP! came the big billy goat Gruff, so heavy that the bridge creaked. The troll jumped up, but the big goat lowered his horns and butted him right off the bridge, SPLASH, into the river!',
        scene: {
          sky: 'dusk',
          ground: 'water',
          props: [p('bridge', 0.5, { lift: 20 }), p('goat', 0.5, { lift: 80, size: 1.2 }), p('troll', 0.82, { size: 0.6, lift: -20 })],
        },
      },
      {
        text: 'The troll floated far away and was never seen again. The three billy goats Gruff ate the sweet grass on the hillside until they were fat and happy.',
        scene: {
          sky: 'day',
          props: [
            p('goat', 0.25, { size: 0.7 }),
            p('goat', 0.45, { size: 0.9 }),
            p('goat', 0.7, { size: 1.2 }),
            p('flower', 0.9),
            p('flower', 0.1, { color: '#FFD166' }),
          ],
        },
      },
    ],
  },
];

/** The attribution file of a starter book. */
export const attributionText = (book: SampleBook) =>
  [
    book.title,
    '',
    `Source: ${book.source}`,
    'The original tale is in the public domain.',
    '',
    'This edition: retold by Family Story Time, with pictures drawn by Family Story Time.',
    'You may read it aloud, record it and share it freely.',
    '',
  ].join('\n');
