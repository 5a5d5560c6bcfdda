/**
 * Words that domain labels are built from: `FIRST[i] + SECOND[j] + THIRD[k]`. FIRST and SECOND are
 * each prefix-free (no word is a proper prefix of another) and THIRD holds letters only, which makes
 * every concatenation decode to exactly one (i, j, k): generated domains are distinct by construction
 * (test/generate checks the prefix-freeness).
 */

/**
 * First parts of generated labels (adjectives, places, colours).
 *
 * @example
 * ```ts
 * FIRST[1] + SECOND[0] // 'acmeacademy' (before the seed shuffles the lists)
 * ```
 */
export const FIRST: readonly string[] = `
able acme active agile alpine amber apex aqua arctic argent astra atlas aurora autumn azure
badger bamboo bay beacon bear birch black blaze blossom bold boreal brave bravo breeze bridge
bright brisk bronze brook canyon capital cardinal castle cedar central century chalk cherry
citrus city civic clear cliff clover coast cobalt comet copper coral cosmic cotton crane crest
crimson crown crystal cypress daily dawn delta desert diamond direct dolphin dove dragon dream
dune eagle east echo eden elder elm ember emerald empire epic equinox evergreen falcon fern
fidelity fjord first flint forest fortune fox frontier frost galaxy garnet gem giant ginger glacier
global gold granite graphite green grove gulf harbor harvest haven hawk heart heritage hickory
highland hill honey horizon hudson iron island ivory jade jasmine jet jupiter juniper kestrel
key kind king lake lantern laurel legacy lemon liberty light lime linden lion lotus lucky lunar
magnolia maple marble marine meadow mercury metro midland mint mission modern monarch moon
mountain national native nautical neon noble nordic north novel oak ocean olive omega onyx
open orbit orchid pacific palm panda paragraph park peak pearl pebble pelican pilot pine pioneer
pixel planet plum polar premier prime prism pure quantum quartz quick quiet radiant rain raven
red reef regal ridge river robin rock royal ruby rustic saffron sage salt sapphire scarlet
sequoia shadow sierra silver simple sky slate smart snow solar solid south spark spruce star
steel sterling stone storm summit sun swift tall tango terra thistle thunder tidal tiger timber
titan topaz tower trail true tulip tundra twin union unity upper urban valley vega velvet
venture verde vertex violet vista vital walnut west wild willow wind winter wise wolf zen zephyr
`
  .trim()
  .split(/\s+/)

/**
 * Second parts of generated labels (trades, things, places of business).
 *
 * @example
 * ```ts
 * SECOND.includes('logistics') // true
 * ```
 */
export const SECOND: readonly string[] = `
academy accounting advisors agency analytics apparel architects arts assets audio auto bakery
bank bay bikes bistro boats books boutique brands brewing builders cafe capital care cargo
carpets catering cellars center chemicals clinic cloud coaching coffee comms components
consulting craft creations credit cuisine cycles data dental design devices diagnostics digital
dining distribution dynamics education electric electronics energy engineering estates events
exports fabrics farms fashion finance fitness flowers foods forge foundry freight furniture
gallery games garden gear glass graphics grocers guides hardware health homes hospitality hotel
imaging imports industries insight insurance interiors investments jewelry kitchen labs land
law learning leasing legal lending lighting living logic logistics lumber machines marketing
markets media medical metals micro mills mining mobile motors movers music networks news nursery
nutrition office optics outdoors outfitters packaging paints partners pay pets pharma photo
pictures plastics plumbing pools press print products properties publishing quarry radio realty
records recycling rentals research resorts retail robotics roofing rugs safety sales salon
school science security seeds services shipping shoes shop signs software solutions sound
spirits sports staffing stays steelworks storage studio supplies supply surgical systems tailors
tea tech textiles theatre tickets tiles timberworks tools tours toys trading training transit
travel trucks trust tutors valves ventures vet video vineyards vision voyages ware water web
wellness wines wireless works yachts yoga zone
`
  .trim()
  .split(/\s+/)

/**
 * Optional third parts; '' (no third part) is the first entry. Letters only.
 *
 * @example
 * ```ts
 * THIRD[1] // 'hq', as in 'harborlogisticshq.com'
 * ```
 */
export const THIRD: readonly string[] = [
  '',
  'hq',
  'online',
  'group',
  'app',
  'now',
  'global',
  'pro',
  'direct',
  'co',
  'inc',
]

/**
 * The umlaut the first a, o or u of an internationalised label becomes (one-to-one, so names stay distinct).
 *
 * @example
 * ```ts
 * 'olivekitchen'.replace(/[aou]/, (c) => UMLAUTS[c] ?? c) // 'ölivekitchen'
 * ```
 */
export const UMLAUTS: Readonly<Record<string, string>> = { a: 'ä', o: 'ö', u: 'ü' }
