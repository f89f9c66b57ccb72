// The subtypes of the Comprehensive Rules (205.3), by the card type they belong to. A filter names a
// subtype by one of these words (singular or plural); any other capitalised word is not a subtype.

/** Creature types (205.3m); "Time Lord", the one of two words, is left out: filters read single words. */
export const CREATURE_TYPES: ReadonlySet<string> = new Set([
  'Advisor', 'Aetherborn', 'Alien', 'Ally', 'Angel', 'Antelope', 'Ape', 'Archer', 'Archon', 'Armadillo',
  'Army', 'Artificer', 'Assassin', 'Assembly-Worker', 'Astartes', 'Atog', 'Aurochs', 'Avatar', 'Azra',
  'Badger', 'Balloon', 'Barbarian', 'Bard', 'Basilisk', 'Bat', 'Bear', 'Beast', 'Beaver', 'Beeble',
  'Beholder', 'Berserker', 'Bird', 'Bison', 'Blinkmoth', 'Boar', 'Brainiac', 'Bringer', 'Brushwagg', "C'tan",
  'Camarid', 'Camel', 'Capybara', 'Caribou', 'Carrier', 'Cat', 'Centaur', 'Cephalid', 'Child', 'Chimera',
  'Citizen', 'Clamfolk', 'Cleric', 'Clown', 'Cockatrice', 'Construct', 'Cow', 'Coward', 'Coyote', 'Crab',
  'Crocodile', 'Custodes', 'Cyberman', 'Cyclops', 'Dalek', 'Dauthi', 'Demigod', 'Demon', 'Deserter',
  'Detective', 'Devil', 'Dinosaur', 'Djinn', 'Doctor', 'Dog', 'Dragon', 'Drake', 'Dreadnought', 'Drix',
  'Drone', 'Druid', 'Dryad', 'Dwarf', 'Echidna', 'Efreet', 'Egg', 'Elder', 'Eldrazi', 'Elemental',
  'Elephant', 'Elf', 'Elk', 'Employee', 'Eye', 'Faerie', 'Ferret', 'Fighter', 'Fish', 'Flagbearer', 'Fox',
  'Fractal', 'Frog', 'Fungus', 'Gamer', 'Gargoyle', 'Germ', 'Giant', 'Gith', 'Glimmer', 'Gnoll', 'Gnome',
  'Goat', 'Goblin', 'God', 'Golem', 'Gorgon', 'Graveborn', 'Gremlin', 'Griffin', 'Guest', 'Hag', 'Halfling',
  'Hamster', 'Harpy', 'Hedgehog', 'Hellion', 'Hero', 'Hippo', 'Hippogriff', 'Homarid', 'Homunculus',
  'Horror', 'Horse', 'Hound', 'Human', 'Hydra', 'Hyena', 'Illusion', 'Imp', 'Incarnation', 'Inkling',
  'Inquisitor', 'Insect', 'Jackal', 'Jellyfish', 'Juggernaut', 'Kangaroo', 'Kavu', 'Killbot', 'Kirin',
  'Kithkin', 'Knight', 'Kobold', 'Kor', 'Kraken', 'Lamia', 'Lammasu', 'Leech', 'Lemur', 'Leviathan',
  'Lhurgoyf', 'Licid', 'Lizard', 'Llama', 'Lobster', 'Manticore', 'Masticore', 'Mercenary', 'Merfolk',
  'Metathran', 'Minion', 'Minotaur', 'Mite', 'Mole', 'Monger', 'Mongoose', 'Monk', 'Monkey', 'Moogle',
  'Moonfolk', 'Mount', 'Mouse', 'Mutant', 'Myr', 'Mystic', 'Naga', 'Nautilus', 'Necron', 'Nephilim',
  'Nightmare', 'Nightstalker', 'Ninja', 'Noble', 'Noggle', 'Nomad', 'Nymph', 'Octopus', 'Ogre', 'Ooze',
  'Orb', 'Orc', 'Orgg', 'Otter', 'Ouphe', 'Ox', 'Oyster', 'Pangolin', 'Peasant', 'Pegasus', 'Pentavite',
  'Performer', 'Pest', 'Phelddagrif', 'Phoenix', 'Phyrexian', 'Pilot', 'Pincher', 'Pirate', 'Plant',
  'Platypus', 'Porcupine', 'Possum', 'Praetor', 'Primarch', 'Prism', 'Processor', 'Qu', 'Rabbit', 'Raccoon',
  'Ranger', 'Rat', 'Rebel', 'Reflection', 'Rhino', 'Rigger', 'Robot', 'Rogue', 'Sable', 'Salamander',
  'Samurai', 'Sand', 'Saproling', 'Satyr', 'Scarecrow', 'Scientist', 'Scion', 'Scorpion', 'Scout',
  'Sculpture', 'Seal', 'Serf', 'Serpent', 'Servo', 'Shade', 'Shaman', 'Shapeshifter', 'Shark', 'Sheep',
  'Siren', 'Skeleton', 'Skunk', 'Slith', 'Sliver', 'Sloth', 'Slug', 'Snail', 'Snake', 'Soldier', 'Soltari',
  'Spawn', 'Specter', 'Spellshaper', 'Sphinx', 'Spider', 'Spike', 'Spirit', 'Splinter', 'Sponge', 'Squid',
  'Squirrel', 'Starfish', 'Surrakar', 'Survivor', 'Symbiote', 'Synth', 'Tentacle', 'Tetravite', 'Thalakos',
  'Thopter', 'Thrull', 'Tiefling', 'Toy', 'Treefolk', 'Trilobite', 'Triskelavite', 'Troll', 'Turtle',
  'Tyranid', 'Unicorn', 'Vampire', 'Varmint', 'Vedalken', 'Viashino', 'Villain', 'Volver', 'Wall', 'Walrus',
  'Warlock', 'Warrior', 'Weasel', 'Weird', 'Werewolf', 'Whale', 'Wizard', 'Wolf', 'Wolverine', 'Wombat',
  'Worm', 'Wraith', 'Wurm', 'Yeti', 'Zombie', 'Zubera',
]);

/** Artifact (205.3g), enchantment (205.3h), land (205.3i), spell (205.3k) and battle (205.3q) types. */
export const NOT_CREATURE_TYPES: ReadonlySet<string> = new Set([
  'Attraction', 'Blood', 'Bobblehead', 'Clue', 'Contraption', 'Equipment', 'Food', 'Fortification', 'Gold', 'Incubator',
  'Infinity', 'Junk', 'Lander', 'Map', 'Powerstone', 'Spacecraft', 'Stone', 'Treasure', 'Vehicle',
  'Aura', 'Background', 'Cartouche', 'Case', 'Class', 'Curse', 'Role', 'Room', 'Rune', 'Saga', 'Shard', 'Shrine',
  'Cave', 'Desert', 'Forest', 'Gate', 'Island', 'Lair', 'Locus', 'Mine', 'Mountain', 'Planet', 'Plains', 'Power-Plant',
  'Sphere', 'Swamp', 'Tower', 'Town', "Urza's",
  'Adventure', 'Arcane', 'Chorus', 'Lesson', 'Omen', 'Trap',
  'Siege',
]);

/** Planeswalker types (205.3j). */
export const PLANESWALKER_TYPES: ReadonlySet<string> = new Set([
  'Ajani', 'Aminatou', 'Angrath', 'Arlinn', 'Ashiok', 'Basri', 'Bolas', 'Calix', 'Chandra', 'Comet', 'Dack', 'Dakkon',
  'Daretti', 'Davriel', 'Dihada', 'Domri', 'Dovin', 'Ellywick', 'Elminster', 'Elspeth', 'Estrid', 'Freyalise',
  'Garruk', 'Gideon', 'Grist', 'Guff', 'Huatli', 'Inzerva', 'Jace', 'Jaya', 'Jeska', 'Kaito', 'Karn', 'Kasmina',
  'Kaya', 'Kiora', 'Koth', 'Liliana', 'Lolth', 'Lukka', 'Minsc', 'Mordenkainen', 'Nahiri', 'Narset', 'Niko', 'Nissa',
  'Nixilis', 'Oko', 'Quintorius', 'Ral', 'Rowan', 'Saheeli', 'Samut', 'Sarkhan', 'Serra', 'Sorin', 'Szat', 'Tamiyo',
  'Tasha', 'Teferi', 'Teyo', 'Tezzeret', 'Tibalt', 'Tyvar', 'Ugin', 'Urza', 'Venser', 'Vivien', 'Vraska', 'Vronos',
  'Wanderer', 'Will', 'Windgrace', 'Wrenn', 'Xenagos', 'Yanggu', 'Yanling', 'Zariel',
]);

/** Plurals that don't add "s", "es" or turn "y" into "ies". */
const IRREGULAR_PLURALS: Readonly<Record<string, string>> = {
  Elves: 'Elf', Dwarves: 'Dwarf', Wolves: 'Wolf', Werewolves: 'Werewolf', Mice: 'Mouse', Fungi: 'Fungus',
  Homunculi: 'Homunculus', Cyclopes: 'Cyclops', Pegasi: 'Pegasus', Octopi: 'Octopus', Oxen: 'Ox', Nautili: 'Nautilus',
};

function isSubtype(word: string): boolean {
  return CREATURE_TYPES.has(word) || NOT_CREATURE_TYPES.has(word) || PLANESWALKER_TYPES.has(word);
}

/** The subtype a word of a filter names ("Allies" -> "Ally", "Plains" -> "Plains"), if it names one. */
export function subtypeOfWord(word: string): string | undefined {
  if (isSubtype(word)) return word;
  const candidates = [IRREGULAR_PLURALS[word], word.replace(/ies$/, 'y'), word.replace(/es$/, ''), word.replace(/s$/, '')];
  return candidates.find((c) => c !== undefined && c !== word && isSubtype(c));
}
