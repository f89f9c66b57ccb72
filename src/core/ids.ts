// The identities every layer names: players, objects (a new one for each zone change, 400.7) and
// zones (400.1). They sit at the bottom so that the game state and its event stream can both use
// them without importing each other.

export type PlayerId = string; // the player's name, unique per game
export type ObjId = string; // "o12": a new one for every object, and for every zone change (400.7)

export type ZoneName = 'library' | 'hand' | 'graveyard' | 'exile' | 'battlefield' | 'stack' | 'command';
export type PlayerZone = 'library' | 'hand' | 'graveyard' | 'exile' | 'command';

const EACH_PLAYER_ZONE: Record<PlayerZone, true> = { library: true, hand: true, graveyard: true, exile: true, command: true };
/** Every zone each player has one of (the type lists them all, so adding one to it adds it here). */
export const PLAYER_ZONES = Object.keys(EACH_PLAYER_ZONE) as PlayerZone[];
