/**
 * The rest of the review (README.md): candidates removed for a reason other than kindness.
 * Every word here must be a candidate (the build script says so if one is not).
 */
const list = (text: string): readonly string[] => Object.freeze(text.trim().split(/\s+/));

export const removedInReview = {
  /**
   * Not a thing a child can see or touch, or mostly used as another kind of word (way, plan, can, well).
   */
  abstract: list(`
    abyss access ace acre actin action active aim alloy alp alto amor amp angle annex annual apex
    arc arctic area array art ate atom attire audio axis backup bam banger banks barb barren bars
    base basic batter beads beat beauty bedlam begin behind bellow bend best better bias bill binary
    birdie bit bite bitter blank bleach bling blob blow bluff boards bodega boom border bore born
    bot bound bounds bounty bowler brace brakes bran brand brave breach break brim brink broad
    bubbly buck budge buff buffer build bump bundle bunt burden burner bustle bypass caddy calm cam
    can canine canon cant caper carbon case casing cast catch censor chains chance change chaos char
    charge charm chase chased chaser chat cheat check chew chilly chop chosen chow chrome churn
    cinch cipher clear cleat click climb clinch cling clink clocks clone closer clout club clutch
    coax colony come comma common con cook cooky cope coping copy cordon cords core corner cos
    cosmos count county couple course court cover covert cows cozy craft crank craven crease crock
    crud crude crush cuff curb cure curl curve cut cutter cyborg cycle dainty damper dandy danger
    dark darn das dat date day deal debris decay decker decor decoy deep dent depths derby design
    detour deuce device diet dig digger digit digs dinky dip dis dive divide dodger domain double
    down draft drag drape draw drew drift drip drive drop drove dry ducky duct dud duds duff dug
    dump dun east eats echo edge edible effect eggs eight eldest elixir elves empire empty end
    energy entire entree entry enzyme eon equal escape ether eureka event exit export extra facade
    facing factor fake fall fallow falls farce fare fate fault favor fed feed feline fell felt
    female fez fiber fields figure file filing fill filly filter finish first five fixing flack
    flank flap flaps flash flat flats flier flies flight flimsy flip flop floppy fluke flux flyer
    focus fold font force form formal forth forum four freeze fret front fry fume fumes fungus funk
    fury fuse future fuzz gable gag gale gall gander gap gasket gates gather genre getup gig gizmo
    glad glaze glow goal good goody gorge gossip grab grade grader graft gram grand great greens
    grind grip grit groove group groves growth grub grunt habit hack hairdo hale halo handy hatch
    have haven hazard haze hazmat heap heat heavy helium helm help herbal here hermit hide high hilt
    hippie hippy hire hit hitch hobby hoist hold holder holler hollow hood hooks hop hope hull
    hurdle hybrid icon ideal idol image immune impact import index input insert inside intake iodine
    irons issue item jag jig jinx job jog join jolly junk junket keep khaki kicker knit lag lander
    last latex launch layer leak led ledger left lefty length level lick lie life lift limber limit
    line liner lining link links lint liquid litter load loafer local longer lot love lovely low
    lower luck lug lump lure macho madder mailer main major making male malt mammal mantle march
    margin marks mart mash maxim may means medium member memory mend mere mess mic middle midst
    midway mime mimic min mind mine mini minor mirage mishap miss mit mite mix mod model modern
    module moment mon mooch mope more morsel motif motion motive mount mow muck munch muse mush must
    mutt mutton name nap narrow nature need nice niche nimbus nine nip noble nobody node north notch
    notion number nylons open opener opera ops optic orbit origin ounce outlet output oxide oxygen
    ozone pack pale pap para parks part parts party pass pearly peeper peer pelt perm permit phony
    photon pic pick picker picket pickup pile piling ping pit pitch place plain plan pledge plier
    plot point poke polish poll polls pop popper post pound pout pow power press price print prior
    pro probe prod proof prop proton proxy pry psyche pucker puff pull pulp pulsar push putter pylon
    quack quad quark quick quirk radium radius rag raider rails raise range rapid rascal ration
    reach realm rebel recap recess record refill refuse region relay relic relief remake remedy
    render rent repair reset rest result return riddle ride riff rift rig right ringer rings rinse
    rise roads rocker rod rogue rooms rough round route row rowdy royal rubble rue ruffle ruin rule
    rumble rummy run rung rush rustic rut rye sack safe safety sag sake same sample sander sands
    sang sap saver scamp scan scene scold scope score scrap scraps seats second sector see self semi
    server set settle setup seven sewing shades shaft shake sham shape share sharp shear shift
    shimmy shire shock shook short shred shrink shuck shunt side siding sights signal silly simple
    sire site six size skid skim slack slacks slick slider sling slip slit slop small smear smelt
    snag snap sneak snip snoop snug sodium solid sonar sooner sort sound sour source south span spar
    spare spat spawn speck specs speed spill splat split spoke sport spot spread spur squirt stacks
    staff stain stairs stalk stalls stand starch start state stay stays steady steep steer step
    steps stern stiff still stint stock stocks stole stoop stop story strain strand stray stress
    strut stub study stuff stunt style sub suburb sulfur sum sunday sup super swatch sweats sweep
    sweet swell swift swill swirl system tab tackle tails talent tang tangle taping target taste
    tater teach tease tell temp ten tender term test thaw there thick thing third three throw thrust
    thus ticker tidy tier tip tipper tiptoe toner top topper tore total tough tours tout trace
    tracer track tract trade trap tread trend trick trim trip trivia tropic trot trunks trusty truth
    tuck tuff tug turf turn twirl twist two type union unit uphill upper upset upside uptown vamp
    vanity vector veneer venue verge versed vessel vibes view vinyl voice void volume vortex wad wag
    wake walk wallop wallow wan want ward warmer warp wash waste waters watt watts way ways wear
    weave weight well west whiff whirl whiz wild wiring wise wit woof word work works worth worthy
    wrap yank yap yield young zero zinc zone
  `),
  /** Mostly a name of a person, place, brand or title in speech (jack, mike, paris, jeep). */
  name: list(`
    aaron abel acme adam adams adonis afghan africa ahab ajax alaska albany albert alfred allen ally
    alps altair althea amazon amir amos ana andes andrew angola angus ankara anne antony apache
    apollo arabia ares argo arnold arthur ashe asia astor athena athens atm attila aurora austin
    awol aztec baba bach bailey baku balboa bali balkan baltic barker bart barth batman bbs becket
    beirut bel belle ben benet bennet benny berg berlin beta billy blair blake blanc bob bobby
    bogart boise bombay bond bongo booker borneo bos boston bourne bowery bowie bowman brad brahms
    bravo brazil brent brie brill brit brits britt brogan bronx brooks bruce brutus bryan burke
    burma burt burton buster byron cabot caesar cain cairo cajun calais calvin camden canada canton
    capone capote carson carter casper cassie castro cayman chad chang chico chile china chopin chou
    chuck cicero cirque cisco clark clive coca coco col cole coney congo cooper cora corona cortez
    costa crete crosby cuba cuban cupid curie cutler cygnus cyprus cyrus czech dakota dale dallas
    dalton damon dana dane daniel danish dante danton danube daphne darwin david davis davy dayton
    dean deb degas delhi dell delta denver des devon diana dickie disney dix dixie dobson doc don
    donna dorado dorian doris dory dover draco drake dublin duke duluth durant durham dutch earl
    eddy eden edgar edison edward egypt eiffel elijah elvis emir ensign erica erie erin ern esther
    euclid eugene europa europe evans eve ezra fabian faust fay fiji finn fisher fitch ford fowler
    france franco frank french fresno freud fuller gael gage galen gallup gamma gandhi garbo garner
    gary gaul geiger gemini gene geneva genoa george german gibson gila glen godiva gps grace graham
    grant greco greece greek grimm guam gulf hades haiti hakim hamlet handel hank hanks hanoi hardy
    harlem harper harris harvey havana hawaii hayes hays hearst hecate hecht hector helen helena
    helios heller henry hera herald herman hermes herr hitler hobbit hogan hogg holmes homer hondo
    hoover hopper horace horst howe hoyle hubble hudson hugo hulk hummer iago idaho ike india iowa
    iran iraq irish isaac isaiah israel italy jack jacob jagger james janus japan jason jasper java
    jean jeep jello jenny jerry jimmy joel john johnny jonah jones jordan joseph joshua jove joyce
    juda judah judas jude judith julian kafka kaiser kali kansas kat keats kelly kelvin kent kenya
    kern khan kiev kirk knox kodiak korea korean kraft kris kuwait kylie kyoto laguna laney lao laos
    lassie latin lear leary lee leeds lei lemmon lenin leo leon levi lewis libya libyan lilith lilo
    lima lin ling lisbon liza logan loki london loren louis louvre lowry luce lucy luke lulu luna
    luther lyon mac mach mack madrid maine mali malik malta manchu manila mao mara marc marcel
    marche marge mari maria mark mars martin marx mary mason matrix mavis max maya mayan mays medea
    medina medusa mercer merlin metro mexico miami micah mick mickey midas mike milan miller mills
    milo milton mina miro missy mollie molly mona monaco monroe moore morgan morris morse moscow
    moses mozart muir muller munich murphy murray nancy naomi napa napier naples nash navajo nelson
    nepal ness nestor nevada newark newton nick nike nile niobe nixon noah nobel nome norma norman
    norse norway nova odessa odin ohio oliver omaha oracle oregon orion osaka ottawa oxford paine
    palmer panama paris parker pascal patsy patty paul pavlov pawnee peking pelham pepsi perry
    persia peru peter philip phoebe pierce pierre pilate pinto piper pisces plato pluto poe pol
    poland polk pollux pom pompey pongo potter prague priam quebec queens quincy rand ray reagan reb
    regina reich reno renoir reuben revere rex rhine rhodes rickey ridley riley rio ritz robert
    rogers roman rome romeo roper rosa ross rover rowan rudd rus ruskin russia ruth sade sahara
    saigon salem salome sam samson samuel santa santos sarah saran saudi saul sawyer saxon sayers
    scot scott seneca seoul serge seth seton shah shaw shawn shay shiva siam sicily sidney sierra
    signor silva simon sioux sirius slater smith snoopy sodom sofia soho sol sonny spain spam sparta
    sphinx stalin starr steele stein stella streep stuart styx sucre sudan sue sully sumner surrey
    sussex sweden swiss sydney syria taft tahiti tai taipei taiwan talbot tam tammy tampa tanner
    tara tarzan tate taurus ted telfer terry tesla texan texas thai thames thomas thor thorpe tibet
    titan titian toby tokyo toledo tom topeka toyota trey triton trojan troy truman trump tubman
    tucker tucson tulsa tung tunney turk turner tyler typhon tyr uranus usa utah varna vega velcro
    venice venus verdi vichy victor vienna viking vip virgil virgo vulcan wade wagner wales walker
    wally walter warner warren warsaw watson wayne weaver weber wells welsh wesley wilder willet
    wilson wilton wolfe woolf wright xerox yahoo yale yankee yukon zeus zodiac zulu zurich
  `),
  /** Not familiar to a young child, old-fashioned or specialist (bilge, smithy, laird). */
  rare: list(`
    abode adept adobe aeon agua aides airman akron ala alcove amino amoeba amulet angler angora
    anklet anti anu argus argyle arroyo ascot assur atoll atrium avatar awning baffle balm barium
    barman batten bauble beany beeper belay beryl bettor bey bijou bilge bisque biter blende bleu
    blinks blok blower bobbin bolo bolus bonbon bosun bough bovine bower brant briar brier brig
    briny broach bronc bunche bungee bunsen burg burr burro butte cabana cache caddie cager cameo
    capo castor chasm chilli chino chit citrus clack cleats cleft clench clod cob cobalt cockle coho
    comer comte conk cooker coot copier corrie coupe cpu crag cranny cravat crick crimp croft crosse
    cuddy curd curler cutlet cutoff cutout czar dado dag deluge dias dickey dipper discus divot doer
    doily donne dozer draper dredge dregs drey drier drivel duce duffer dupe duplex duster dyer
    dynamo earner ell emblem emcee emery emmet enamel ermine eyeful facet faun feeler fen fender
    fennel fes fess ficus fife filler fillet fixer fizz flagon flax fleck flue flurry forte fossa
    fresco frill frock fryer fugu gad gaff galley galosh gar garret gaucho gib girder girth glossy
    goop gourd graf grama grange grille grotto grouse grower grubby gruel guano guinea gulch gumbo
    gunk gunny gusher gust gyro haggis halter hankie hatter haw hawker header heath hel helix herm
    hertz hiatus hobble hock hominy hone hoy hugger husk hydra hypo inlet ion jalopy jammer jargon
    jerkin jib jigger jogger joss juke kama kansa keel kipper klaxon knish knoll lac laird lan lat
    lather lea levee ley lido liege lien lifter limpet linden livery loach loader loofah lute lye
    mangle manna mantel maquis marri mater maxi melba mensch merl merle mesh mew midair midge mikado
    milady mildew milord milt mimosa mince mire miso miter modem moray motley mott moulin mulch mull
    mullet mus musk muumuu mynah myrtle nave neb newbie nib nipper notary ocular oeuvre offset oiler
    okra ola olm ono ooze orang oxen pager pall pallet pane pasha pate pave paving pestle phlox
    physic pip piping pippin pivot pixy plait plat plush poi polyp poppet poser posy prima primer
    prong punt quahog quid quince quint quirt quiver radial rafter rajah rarity ravel rebate reeve
    renter res reseda resid resin rind riser rivet rom roomy rotary rotor rouge router ruff rusk
    sable sabra sabre saki salina salve samba sari savant savin savoy scampi schist schlep scopes
    scorer scour scrubs scuff seine sender sens serf setter shad shamus shanty shaver sheath sheikh
    shill shoal shoddy shogun silks sill simeon sinker sizing skiff skivvy slat sledge sliver slouch
    slough sludge slush smithy smock snipe sorrel spire splice spore sprite squab squall squib stave
    steppe stifle stigma stoic stoker storey strobe suds sulfa sur sutler swag swivel tach takin
    talcum tamale tamer tamper tarmac tarn taro teak telex telly tester tether thane thatch thrall
    thrift tidbit tiller tint tiu toggle toller tomcat tor torque toupee trifle truss tsar tubing
    tun tweed upshot urd valise vane vapour vas vassal veg vegan velour vila virtu vise vultur
    wailer wale waller wattle waver wearer weevil weir weld welt whaler wharf whelp whin winger
    winkle wisp wiz wobbly woolen wort xenon yeller yoke zenith zephyr zig
  `),
  /**
   * Words for a person by age, sex, relationship, status or character (man, girl, baby, friend, boss,
   * hero); a slip can read as a label for its child. Jobs and storybook figures stay (baker, pilot, king,
   * wizard).
   */
  people: list(`
    adult agent aide amigo babe baby backer bard baron bearer beau bidder biker bloke boomer boss
    boy broker buddy bugler busboy buyer cabby cadet caller carver champ chap chief child chum
    client consul cop critic dame damsel dearie deputy donor dude eater elder envoy expert fella
    feller fellow finder fool friend gal genius gent girl giver grad guard guest guide guy hacker
    healer herder hero hitter hombre honcho host human humans hunk iceman infant intern jockey joker
    junior juror kid kiddie kiddy lad laddie lady lass lawman layman leader looker madam madame maid
    maiden maker man master mate matron mentor minion mogul mover nanny nomad novice owner packer
    pal patron person player prof pupil purser rapper reader ref regent rep rival rookie roomie
    seeker seller senhor senior sentry sir sitter squire sultan taker talker teen tenant tenor tot
    trader twin twins tycoon tyke typist user usher valet vendor viewer voter winner woman worker
    youth
  `),
  /**
   * Sounds like a more common word a child would write instead (sun/son, sea/see, meat/meet, board/bored).
   */
  homophone: list(`
    aerial air ant bale bass bee beet berth boar board brake cellar chord chute cot cue dam dear
    deer desert dew doe dye ferry fir flair flour fore fowl grate hare hart heir hole inn isle
    kernel knight lama lead lode lox manor meat mist moor mousse mussel night oar ore pail pea pear
    piece plumb reed reel rein roe roll sea seam sole sow stair stake steel stile strait suite sun
    sundae tee till vale waist ware wok wood
  `),
  /**
   * Hard to spell from hearing (yacht, knot, island, gnome), or spelt differently in British and American
   * English (color, grey, tire).
   */
  spelling: list(`
    aisle arbor armor armour azalea bazaar blond blonde brooch bureau cafe center centre chalet
    color colors colour comb conch cosy crepe dahlia disc disk donut favour fibre filet fjord foyer
    gauge gauze gnome gnu gray grey hangar harbor humor humour island knot lense loch lorry meter
    mold mould omelet pajama parlor phoney piazza pinata plough plow pyjama queue quiche sieve sign
    sleigh suede tepee tire trough tyre vapor wreath wrench yacht
  `),
  /**
   * Completes a rude or unkind two-word phrase with another word on the list (violet wand, blue waffle,
   * jungle bunny).
   */
  phrase: list(`
    bunny clamp gravy pole rice shower waffle wand
  `),
} as const satisfies Record<string, readonly string[]>;

/** Colour words are attributes in WordNet, not things; the one a child needs that the source misses. */
export const extraCandidates: readonly string[] = Object.freeze(['yellow']);
