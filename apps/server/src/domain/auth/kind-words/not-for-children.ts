/**
 * Words that are not for children (README.md "Kindness"): no temporary password may contain one.
 * Most were removed from the candidates in review; some came from elsewhere (the teacher's report
 * of the EFF list's words, issue 20, and a read of that list). The tests check every word on the
 * list against these, and every two adjacent words against `unkindPhrases`.
 */
const list = (text: string): readonly string[] => Object.freeze(text.trim().split(/\s+/));

export const notForChildren = {
  /** Sexual, crude or toilet words, and words with a common rude second meaning (bush, knob, tart). */
  rude: list(`
    anus arse ass badass beaver berk bitch bone boob booby bootie bosom boxers bugger bum buns bush
    bust butt caress cervix chaste clit cock cocker condom cooter corset cougar cox crap crotch cum
    cunt cuss cussed dick dicky dildo doggie doggy douche ebony erotic escort eunuch exes fag faggot
    fanny fetish floozy fucker garter gigolo girdle grope harem harlot hell hoe hooker hookup hooter
    hump humped hymen johns kink kitty knob lube lusty minx moaner moll muff nob nude nudist nut
    nymph nympho ogle pantie panty pecker pee penis pimp pinche piss pisser poon prick pubes puss
    pussy ramrod rape rapist romp rubber satyr saucy screw seaman seduce semen sexy shag shit shite
    slut smut snatch sod sperm spunk strip stud sultry tart thong tit titty tosser turd twat unclad
    vagina virgin vixen voyeur wanker wanton wedgie weenie whore wiener xxx
  `),
  /** Weapons, war, crime, hurting and punishment (gun, sword, jail, thief, maimed, gory). */
  violent: list(`
    abuser ambush ammo armed arming armory arms army arrest arson avenge axe bagman bandit bang
    battle beater blade blast blitz bomb bomber boxer bribe bullet bunker cannon captor cartel cell
    choke coerce crook cutlas dagger dirk duress enemy entrap evict exhume felon fist flak foe
    forger fraud gang gat gavel gore goring gory gouge gulag gun gunman gunner humvee hunt hunter
    impale inmate jail jailer kill killer knife lance lancer lash lifer lockup looter luger mace
    magnum maimed marine mauser mortar mugger musket mutiny muzzle napalm nazi ninja noose nuke
    outlaw panzer parole pfc pistol poison pokey prey prison pummel punch ravage razor revolt rifle
    riot ripper robber saber scam shank shiner shoot shot sickle slain slash slaver slayer smack
    smite snare sniper spear spy sword tank terror theft thief threat tnt toxin trench turret vandal
    venom victim warden weapon whip wound wrath
  `),
  /** Parts of the human body, its fluids, illness and the toilet (hand, belly, snot, rectal, maggot). */
  bodily: list(`
    abs aching ail airway anemia ankle aorta arm armpit artery back barf beard bedbug bedpan belly
    biceps bidet bikini bile birth blood bod body bog bogey bogie bones booger bottom bowel bowels
    bra braces brain breast breath breech briefs brow bulge bunion callus carpal cavity cheek chest
    chin clinic clot colon cootie cornea corpus cortex cough cramp crutch cyst diaper dimple drool
    dung ear elbow embryo eye eyelid face facial feces femur fetal fetus fever finger flesh fleshy
    fluid foot gargle gas gash germ gland goatee gob gonad gout groin gullet gurney gut guts hair
    hand hanky head heart heel herpes hind hip hiv ipecac jaw jowl kidney kisser knee lap larynx
    leech leg limb lip liver lobe loin loins loo louse lung lupus maggot manure marrow molar mouth
    mucus mumps muscle nape nappy nasal navel neck nerve neuron nipple noggin nose organ organs
    ovary pain palate pant pants pecs pelvis phlegm pinkie pinky plaque plasma polio poop pore potty
    pox privy puke pulse pus rear rectal rectum reflux retina rib rump sac saline saliva scab scabby
    scalp scurvy septic septum serum sewage shin sinus skin skull sneeze snot spinal spine spit
    spleen splint sprain staph stool strep suture swab sweat tampon tartar tattoo teat teeth tendon
    thigh thorax throat thumb tibia tissue toe toilet tongue tonsil tooth torso tripe tum tummy tush
    udder undies urinal urine uterus vein virus vitals vomit wart wetter womb wrist zit
  `),
  /** Death, grief, loss and disaster (grave, coffin, widow, orphan, flood). */
  sad: list(`
    agony alone ashes asylum beggar bleak burns cancer casket chemo coffin coma corpse crypt death
    debtor demise die dreary entomb exile famine flood gloomy goner grave graves grief hearse hovel
    martyr morgue orphan pauper perish refuge rip sadden sadly shroud slum sob stroke sullen tear
    tomb unwell urn veal waif widow wreck
  `),
  /** Monsters, ghosts and horror (ghost, zombie, witch, reaper). */
  scary: list(`
    beast demon evil fiend ghost ghoul goblin haunt horror imp mutant occult ogre omen ouija reaper
    scared scary spirit spooky undead unholy witch zombi zombie
  `),
  /**
   * Drugs, alcohol, tobacco and gambling, and their slang (beer, pill, cigar, weed, pot, opium, casino).
   */
  drugs: list(`
    acid addict ale alky bar beer bender bock bookie booze boozer boozy brandy brew brewer bud
    casino cider cigar cognac coke crack dealer decaf detox dope dosage dose downer drink drug drunk
    eggnog flask gin grog hash heroin hooch hops joint julep junkie junky keg kirsch lager liquor
    lush mead mescal meth mule narc opiate opium peyote pill pinot poker pot prozac pub pusher
    reefer rehab roach rum saloon scag scotch sherry skunk smoke smoked smoker snuff sot stash
    stogie stoner stout tavern toddy tonic valium vial vino vodka weed weeds whisky wine wino
  `),
  /**
   * Insults, slurs and words that are fine alone but unkind in a class (fat, weird, dumb, nerd, pig, hate,
   * feeble).
   */
  unkind: list(`
    albino ape baboon baldy bent bigot bimbo blind bozo brat brute bully butch cad catty chimp chink
    chubby chump clown commie coolie cooly coon cow coward crazed crazy creep cretin crone crony
    cuckoo cur cynic dago detest dike dimwit ditzy diva dodo dolt donkey dork dumb dummy dunce dwarf
    dweeb dyke eskimo fairy faker fat fatso fatty feeble filth fink flunky frail freak galoot gangly
    geek geezer ghetto giant gibbon ginger git goober goof goofy gook goon goonie goony goth greedy
    gringo grouch gypsy hag harpy hate hater hatred heifer hick hobo hog homo honkie honky hun husky
    hussy idiocy idiot jap jerk jerky jock kike klutz knave kook kooky kraut lackey lame lanky
    lapdog lard lazy leper liar limey lisp loner loon looney loony loser lout lunacy madman mammy
    mangy maniac meanie meany menial midget miser misfit mocker mongol monkey moody moron mousy mute
    nag nance negro nerd nimrod ninny nitwit nutter nutty oaf paddy pansy pariah pasty peewee peon
    pest petty pig piggy pigsty pinko pleb plebe polack ponce poof porker portly prat prig prissy
    prude psycho punk pushy putz pygmy queer racism racist rat retard rotten rube runt sadist savage
    schmo scorn scum sexist shabby shame shifty shorty shrew simian sissy skinny slag slimy slob
    sloppy smirk sneer snide snitch snob softie softy spic spik spook squaw stingy stinky stooge
    stupid sucker swede swine tacky taunt thug tinker tramp trash troll tubby twerp twit tyrant ugly
    unkind urchin vermin wacko weasel weird weirdo wench whiner whitey wimp wop wretch wuss yokel
    yuppie
  `),
  /**
   * Religion, politics, ethnicity and nationality, disability, and romance or marriage (church, nation,
   * bride, kiss).
   */
  sensitive: list(`
    abbey abbot afro alien allah altar amen amish angel arab aryan asian autism barrio bishop bless
    bride buddha chapel cherub christ church cleric creed creole cross dating deacon deity deport
    devil dharma divine dowry druid easter elope eros ethnic fiance flirt friar gay geisha gender
    god godson grail groom guru heaven hebrew hindu holy indian jesuit jesus jew juju karma kiss
    kosher latino lord lover manger mantra marry mass mating matzo mecca mohawk monk mormon mosque
    muslim mystic nation native nubian nun orient padre pagan parish parson pastor pew pope powwow
    prayer priest pulpit quaker rabbi race reborn repent rosary sacred sahib saint satan savior seer
    sermon sexton shaman sheik shrine sin sinner slav slave soul suitor swami tao tarot temple tory
    totem turban unwed vesper vicar voodoo wigwam yogi zen zion
  `),
  /** Family members: a slip that says mother or dad can hurt a child in care or bereaved. */
  family: list(`
    aunt auntie aunty cousin dad dada daddy family father foster gramps gran granny hubby kin mam
    mama mamma missis missus mom momma mommy mother mum mummy nan nephew niece papa parent sis
    sister son spouse uncle wife
  `),
} as const satisfies Record<string, readonly string[]>;

/**
 * Two-word phrases that are unkind although each word is not (racial slurs and teasing), checked
 * across every two adjacent words with the offensive lists' own phrases. A phrase whose two words
 * were both on the list cost one of them (review.ts, "phrase").
 */
export const unkindPhrases: readonly string[] = Object.freeze([
  'jungle bunny',
  'snow bunny',
  'porch monkey',
  'moon cricket',
  'tar baby',
  'camel jockey',
  'rice rocket',
  'rice burner',
  'bean pole',
  'towel head',
  'rag head',
  'spear chucker',
  'cotton picker',
  'wet back',
  'slant eye',
  'yellow peril',
  'red skin',
  'uncle tom',
  'fire crotch',
  'bean eater',
]);
