/**
 * Countries with the way their WHOIS contacts look: cities, streets, postal-code and phone
 * patterns. In patterns `9` is a random digit and `A` a random capital letter; every other
 * character is kept. Phones come in the national and international styles registries print.
 */

/** How contacts of one country are written. */
export interface Country {
  code: string
  cities: readonly (readonly [city: string, province: string])[]
  streets: readonly string[]
  /** Street line pattern: `{n}` house number, `{s}` street name. */
  streetLine: string
  postal: string
  phones: readonly string[]
  /** Share of this country among registrants, relative to the others. */
  weight: number
}

/**
 * Countries, most frequent first.
 *
 * @example
 * ```ts
 * COUNTRIES[1].phones[0] // '+44 20 7946 0999' (each 9 becomes a random digit)
 * ```
 */
export const COUNTRIES: readonly Country[] = [
  {
    code: 'US',
    cities: [
      ['Mountain View', 'CA'],
      ['San Francisco', 'CA'],
      ['Los Angeles', 'CA'],
      ['New York', 'NY'],
      ['Seattle', 'WA'],
      ['Austin', 'TX'],
      ['Chicago', 'IL'],
      ['Denver', 'CO'],
      ['Scottsdale', 'AZ'],
      ['Boston', 'MA'],
      ['Miami', 'FL'],
      ['Portland', 'OR'],
    ],
    streets: [
      'Main Street',
      'Amphitheatre Parkway',
      'Market St',
      'Broadway',
      'Oak Avenue',
      'Elm St',
      'Pine Road',
      'Sunset Blvd',
      'Lake Shore Dr',
      'Congress Ave',
    ],
    streetLine: '{n} {s}',
    postal: '99999',
    phones: ['+1.9995559999', '+1.9995559999', '+1 999-555-9999', '(999) 555-9999'],
    weight: 30,
  },
  {
    code: 'GB',
    cities: [
      ['London', 'Greater London'],
      ['Manchester', 'Greater Manchester'],
      ['Edinburgh', 'Midlothian'],
      ['Bristol', 'Avon'],
      ['Leeds', 'West Yorkshire'],
      ['Cardiff', 'South Glamorgan'],
    ],
    streets: ['High Street', 'Church Lane', 'Victoria Road', 'Station Road', 'Kings Road', 'Queen Street'],
    streetLine: '{n} {s}',
    postal: 'A9 9AA',
    phones: ['+44 20 7946 0999', '+44.2079460999', '+44 161 496 0999', '020 7946 0999'],
    weight: 8,
  },
  {
    code: 'DE',
    cities: [
      ['Berlin', 'BE'],
      ['München', 'BY'],
      ['Hamburg', 'HH'],
      ['Köln', 'NW'],
      ['Frankfurt am Main', 'HE'],
      ['Stuttgart', 'BW'],
      ['Leipzig', 'SN'],
    ],
    streets: ['Hauptstraße', 'Bahnhofstraße', 'Schillerstraße', 'Gartenweg', 'Lindenallee', 'Am Markt'],
    streetLine: '{s} {n}',
    postal: '99999',
    phones: ['030-1234999', '+49.3012345999', '+49 89 1234 5999', '040 9999999'],
    weight: 8,
  },
  {
    code: 'FR',
    cities: [
      ['Paris', 'IDF'],
      ['Lyon', 'ARA'],
      ['Marseille', 'PAC'],
      ['Toulouse', 'OCC'],
      ['Nantes', 'PDL'],
    ],
    streets: ['rue de la Paix', 'avenue des Champs-Élysées', 'boulevard Haussmann', 'rue Victor Hugo'],
    streetLine: '{n} {s}',
    postal: '99999',
    phones: ['+33 1 23 45 67 99', '+33.123456799', '01 23 45 67 99'],
    weight: 5,
  },
  {
    code: 'BR',
    cities: [
      ['São Paulo', 'SP'],
      ['Rio de Janeiro', 'RJ'],
      ['Belo Horizonte', 'MG'],
      ['Curitiba', 'PR'],
    ],
    streets: ['Avenida Paulista', 'Rua Augusta', 'Rua das Flores', 'Avenida Atlântica'],
    streetLine: '{s}, {n}',
    postal: '99999-999',
    phones: ['+55.1123456999', '+55 11 2345-6999', '(11) 2345-6999'],
    weight: 4,
  },
  {
    code: 'JP',
    cities: [
      ['Tokyo', 'Tokyo'],
      ['Osaka', 'Osaka'],
      ['Yokohama', 'Kanagawa'],
      ['Kyoto', 'Kyoto'],
    ],
    streets: ['Chiyoda', 'Shibuya', 'Minato-ku', 'Shinjuku', 'Nakano'],
    streetLine: '{n}-9-9 {s}',
    postal: '999-9999',
    phones: ['+81.312345999', '+81 3-1234-5999', '03-1234-5999'],
    weight: 4,
  },
  {
    code: 'CN',
    cities: [
      ['Beijing', 'BJ'],
      ['Shanghai', 'SH'],
      ['Shenzhen', 'GD'],
      ['Hangzhou', 'ZJ'],
    ],
    streets: ['Zhongguancun Street', 'Nanjing Road', 'Shennan Avenue', 'Wensan Road'],
    streetLine: 'No. {n} {s}',
    postal: '999999',
    phones: ['+86.1012345999', '+86 10 1234 5999', '+86.13912345999'],
    weight: 6,
  },
  {
    code: 'CA',
    cities: [
      ['Toronto', 'ON'],
      ['Vancouver', 'BC'],
      ['Montréal', 'QC'],
      ['Calgary', 'AB'],
    ],
    streets: ['King Street West', 'Yonge Street', 'Granville Street', 'Rue Sainte-Catherine'],
    streetLine: '{n} {s}',
    postal: 'A9A 9A9',
    phones: ['+1.4165550999', '+1 604-555-0999'],
    weight: 3,
  },
  {
    code: 'AU',
    cities: [
      ['Sydney', 'NSW'],
      ['Melbourne', 'VIC'],
      ['Brisbane', 'QLD'],
      ['Perth', 'WA'],
    ],
    streets: ['George Street', 'Collins Street', 'Queen Street', 'Hay Street'],
    streetLine: '{n} {s}',
    postal: '9999',
    phones: ['+61 2 9876 5999', '+61.298765999', '(02) 9876 5999'],
    weight: 3,
  },
  {
    code: 'NL',
    cities: [
      ['Amsterdam', 'NH'],
      ['Rotterdam', 'ZH'],
      ['Utrecht', 'UT'],
    ],
    streets: ['Keizersgracht', 'Damrak', 'Coolsingel', 'Oudegracht'],
    streetLine: '{s} {n}',
    postal: '9999 AA',
    phones: ['+31.201234999', '+31 20 123 4999', '020-1234999'],
    weight: 3,
  },
  {
    code: 'IN',
    cities: [
      ['Bengaluru', 'KA'],
      ['Mumbai', 'MH'],
      ['New Delhi', 'DL'],
    ],
    streets: ['MG Road', 'Linking Road', 'Connaught Place', 'Residency Road'],
    streetLine: '{n}, {s}',
    postal: '999999',
    phones: ['+91.8041234999', '+91 80 4123 4999'],
    weight: 3,
  },
  {
    code: 'KR',
    cities: [
      ['Seoul', 'Seoul'],
      ['Busan', 'Busan'],
    ],
    streets: ['Teheran-ro', 'Gangnam-daero', 'Sejong-daero'],
    streetLine: '{n}, {s}',
    postal: '99999',
    phones: ['+82.25551999', '+82 2-555-1999'],
    weight: 2,
  },
  {
    code: 'ES',
    cities: [
      ['Madrid', 'M'],
      ['Barcelona', 'B'],
      ['Valencia', 'V'],
    ],
    streets: ['Calle Mayor', 'Gran Vía', 'Paseo de Gracia', 'Calle de Alcalá'],
    streetLine: '{s}, {n}',
    postal: '99999',
    phones: ['+34.912345999', '+34 91 234 5999'],
    weight: 2,
  },
  {
    code: 'RU',
    cities: [
      ['Moscow', 'MOW'],
      ['Saint Petersburg', 'SPE'],
    ],
    streets: ['ul. Tverskaya', 'Nevsky prospekt', 'ul. Arbat'],
    streetLine: '{s}, d. {n}',
    postal: '999999',
    phones: ['+7.4951234999', '+7 495 123-49-99'],
    weight: 2,
  },
]

/**
 * Given names of contact persons.
 *
 * @example
 * ```ts
 * GIVEN_NAMES[0] // 'James'
 * ```
 */
export const GIVEN_NAMES: readonly string[] = `
James Mary John Patricia Robert Jennifer Michael Linda David Elizabeth William Susan Richard Jessica
Joseph Sarah Thomas Karen Daniel Nancy Matthew Lisa Anthony Sandra Mark Ashley Paul Emily Steven
Anna Oliver Sophie Lukas Lea Hannah Felix Jonas Marie Pierre Camille Lucas Chloé João Ana Pedro
Mariana Hiroshi Yuki Kenji Akiko Wei Li Fang Jun Min-jun Seo-yeon Priya Rahul Arjun Maria
José Carlos Lucía Ivan Olga Dmitri Emma Noah Mia Leon
`
  .trim()
  .split(/\s+/)

/**
 * Family names of contact persons.
 *
 * @example
 * ```ts
 * FAMILY_NAMES[0] // 'Smith'
 * ```
 */
export const FAMILY_NAMES: readonly string[] = `
Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Wilson Anderson Taylor
Thomas Moore Jackson Martin Lee Thompson White Harris Clark Lewis Walker Hall Young King Wright
Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Dubois Durand Lefebvre Moreau Silva
Santos Oliveira Souza Costa Sato Suzuki Takahashi Tanaka Wang Zhang Liu Chen Kim Park Choi Sharma
Patel Singh Fernández López González Ivanov Smirnov Jansen Visser Bakker Nguyen
`
  .trim()
  .split(/\s+/)
