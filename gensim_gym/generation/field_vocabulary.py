"""The words a user plausibly calls each world and its work by, beyond what its toolset declares.

A toolset's keywords name its world the way its author did ("customer support", "warehouse"); users reach for
their own trade's words ("customer care", "a call centre", "the stockroom", "my diary") and their own verbs
("pencil in a meeting", "grab 2 hoodies", "shelve the cartons"). Eleven rounds of reading held-out directives
showed most misses at first contact were such words, met once each. This table writes them down once per world,
by class (names of the world and its trade, British and American spellings; the nouns of its roles, objects and
places; the verbs of its operations), so an unseen phrasing of a known class reads as the ones tried (round 12).

Three strengths, so one incidental word does not add a world:

- :data:`FIELD_NAMES`: phrases that name the world or its trade outright ("call centre", "fulfilment centre"):
  as strong as a toolset keyword. Only phrases that mean that world and no other are listed.
- :data:`FIELD_WORDS_WEAK`: nouns of its roles, objects and places ("caller", "carton", "cupboard"): weak
  evidence, half a keyword; a world needs two of them (or one strong word) to be chosen.
- :data:`FIELD_VERBS`: verbs of its operations, mapped to the tool they ask for ("pencil in": schedule). They
  ask for the tool once the world is chosen; they are no evidence of the world by themselves ("grab the key"
  is a dungeon's, not a shop's).
"""

from __future__ import annotations

import re
from functools import cache

#: Words of a wheel's or tyre's damage (round 36: "1 punctured wheel" is tireworld's flat tire, ``lexicon.single_fact``;
#: round 41: "3 deflated wheels" names the world, :data:`FIELD_NAMES`): a wheel or tyre said damaged is a flat one.
TIRE_DAMAGE_WORDS = ("flat", "punctured", "burst", "blown", "deflated", "damaged", "busted", "leaking", "leaky",
                     "ruptured")

#: Phrases naming a world or its trade outright (strong evidence, as a toolset keyword is).
FIELD_NAMES: dict[str, tuple[str, ...]] = {
    "calendar": ("datebook", "day planner", "appointment book", "time slots", "timeslots", "time slot", "timeslot",
                 "availability calendar", "meeting planner", "meeting scheduler", "in my diary", "in the diary",
                 "in your diary", "in our diary", "in their diary", "diary slot", "diary slots", "diary entry",
                 "diary entries"),
    "webshop": ("online retail", "online retailer", "online marketplace", "online boutique", "online sales",
                "online selling", "online catalog", "online catalogue", "online bookstore", "online bookshop",
                "web store", "webstore", "e-shop", "eshop", "e-tailer", "etailer", "storefront", "shopping cart",
                "shopping basket", "shopping site", "shopping website", "retail website", "retail site",
                "checkout page", "product catalog", "product catalogue", "product page", "product pages",
                # a store or shop named by where it is visited online (round 23: "order 1 lamp from the store
                # website"): "store" alone is a verb too, "store website" only a shop
                "store website", "store's website", "store site", "store app", "shop website", "shop's website",
                "shop site", "shop app", "shopping app", "online order", "online orders"),
    "filesystem": ("file manager", "file explorer", "file browser", "command line", "hard drive", "home directory",
                   "home folder", "downloads folder", "documents folder", "desktop folder", "subfolder",
                   "subfolders", "subdirectory", "subdirectories", "file permissions", "file tree",
                   "directory tree", "disk cleanup",
                   # the places files are kept and copied to (round 21: "copy 2 invoices to the shared drive"): a
                   # storage drive or share names the file system, whatever documents it holds
                   "shared drive", "network drive", "team drive", "cloud drive", "usb drive", "thumb drive",
                   "flash drive", "pen drive", "external drive", "backup drive", "external disk", "backup disk",
                   "usb stick", "memory stick", "memory card", "sd card", "network share", "file share",
                   "file server", "shared folder"),
    "support": ("customer care", "customer success", "customer desk", "call centre", "call center",
                "contact centre", "contact center", "service desk", "support desk", "support queue",
                "support agent", "support agents", "helpline", "hotline", "ticket queue", "ticketing",
                "after-sales", "aftersales", "returns desk", "complaints desk", "account recovery",
                # the role of answering customers named by its service (round 23: "a service agent answers 3
                # tickets"), as "support agent" is
                "service agent", "service agents", "service rep", "service reps", "service representative",
                "service representatives", "customer service agent", "help desk agent", "helpdesk agent"),
    "warehouse": ("stockroom", "stock room", "storeroom", "store room", "fulfilment centre", "fulfillment center",
                  "fulfilment center", "fulfillment centre", "distribution centre", "distribution center",
                  "order picking", "picking robot", "goods-in", "goods in", "loading dock", "storage facility",
                  "storage unit",
                  # the direction goods go through a warehouse, like "goods-in" (round 19: "load 1 crate onto the
                  # outbound truck"): its shipping side, which a depot's hoists and pallets do not name
                  "goods-out", "goods out", "outbound", "inbound", "dispatch bay", "shipping bay", "shipping dock",
                  # the stations and areas of picking and packing orders (round 27: "move 3 totes to the picking
                  # station in the depot hall"): a fulfilment floor's, which a depot's hoists and trucks have not
                  "picking station", "pick station", "picking area", "pick area", "packing station", "pack station",
                  "packing area", "packing bench", "packing table", "staging area", "loading bay",
                  "pick face", "putaway", "put-away", "receiving dock", "receiving area"),
    "blocks": ("toy blocks", "toy bricks", "building blocks", "block tower", "block towers", "block stacking"),
    "hanoi": ("tower of brahma", "towers of brahma", "lucas tower", "disc puzzle", "disk puzzle"),
    "elevator": ("lift car", "elevator car", "elevator bank", "lift shaft", "elevator shaft",
                 # the lift named by the running of it, British for the elevator (round 37: "lift scheduling with 2
                 # people"): "lift" alone is a verb of raising too ("lift 3 boxes"), before these heads only the car
                 "lift scheduling", "lift scheduler", "lift control", "lift controller", "lift dispatch",
                 "lift dispatching", "lift dispatcher", "lift system", "lift bank", "lift operator",
                 "lift simulation", "lift simulator", "lift planning", "lift planner", "lift service", "lift button",
                 "lift call", "lift passenger", "lift rider"),
    "ferry": ("car ferry", "ferryboat", "ferry boat", "river crossing", "ro-ro"),
    "gripper": ("two-handed robot", "two handed robot", "two-armed robot", "two armed robot"),
    "transport": ("courier network", "courier company", "delivery network", "logistics network", "haulage",
                  "haulier", "hauler", "freight network", "air freight", "parcel delivery"),
    "sokoban": ("box-pushing", "box pushing", "crate-pushing", "crate pushing", "push puzzle"),
    "visitall": ("grid tour", "every square", "every cell", "every tile", "all squares", "all cells", "all tiles"),
    "tireworld": ("flat tyre", "flat tire", "puncture", "punctured", "spare wheel", "spare tyre", "spare tire",
                  "wheel change", "tyre change", "tire change", "roadside",
                  # a wheel or tyre said damaged is a flat tire (round 41: "fixes 3 deflated wheels on a minibus"),
                  # as "punctured" is; "wheel" alone is any vehicle's, and a damage word alone any thing's
                  *(f"{damage} {noun}" for damage in TIRE_DAMAGE_WORDS if damage != "flat"
                    for noun in ("wheel", "wheels", "tyre", "tyres", "tire", "tires"))),
    "depot": ("depot hoist", "depot hoists"),
    "dungeon": ("dungeon crawler", "dungeon crawl", "escape room", "roguelike", "rogue-like", "crypt", "catacomb",
                "catacombs", "maze of rooms"),
    "rearrangement": ("house-cleaning", "house cleaning", "housework", "housekeeping robot", "home robot",
                      "household robot", "living room", "put things back", "put everything back", "declutter",
                      "decluttering",
                      # a robot named by the housework it does (round 22: "a cleaning robot puts 3 toys back"): a
                      # household's, where a bare "robot" is any world's
                      "cleaning robot", "cleaner robot", "robot cleaner", "tidying robot", "tidy-up robot",
                      "domestic robot", "house robot", "robot vacuum", "robotic vacuum", "robot maid",
                      # a robot named by the care of a home's children it does, and the furniture a child's toys
                      # are put away in (round 36: "a nanny robot stores 3 stuffed animals in the toy chest"): a
                      # household's, no warehouse's robot storing stock
                      "nanny robot", "robot nanny", "babysitter robot", "robot babysitter", "butler robot",
                      "robot butler", "toy chest", "toy box", "toy bin", "toy basket", "toy trunk",
                      # a helper named by a home or a room of it (round 42: "a kitchen helper robot stores 3 bowls",
                      # "the household helper puts 2 mugs away"): a household's, no warehouse's robot
                      *(f"{room} {helper}" for room in ("kitchen", "household", "home", "house", "bedroom", "pantry")
                        for helper in ("helper", "helper robot", "helper bot", "robot helper", "assistant robot",
                                       "bot", "robot")
                        if f"{room} {helper}" not in ("home robot", "household robot", "house robot"))),
}

#: Nouns of a world's roles, objects and places (weak evidence: half a keyword, two choose a world).
FIELD_WORDS_WEAK: dict[str, tuple[str, ...]] = {
    # ("diary", "timetable", "rota" alone may be a dream diary or a train timetable: weak; "in my diary" is strong)
    "calendar": ("diary", "diarie", "timetable", "rota", "invitee", "attendee", "organiser", "organizer", "venue",
                 "slot", "weekday", "standup", "catchup", "catch-up", "one-on-one", "reminder", "retro", "huddle",
                 "offsite", "off-site", "kickoff", "kick-off", "1:1", "all-hands"),
    "webshop": ("basket", "trolley", "cart", "coupon", "voucher", "promo", "discount", "shopper", "buyer",
                "wishlist", "bargain", "sale", "price", "catalog", "catalogue", "listing", "seller", "bookstore",
                "bookshop", "hoodie", "jacket", "sneaker", "gadget",
                # where and how goods are bought (round 14: "orders 2 books online"; "online" alone is no shop, so
                # weak), and what is spent
                "online", "spending", "checkout",
                # goods people buy that no other world keeps (round 14: "order 4 kitchen appliances")
                "appliance", "headphone", "earbud", "charger", "keyboard", "webcam", "laptop", "smartphone",
                "gift card", "t-shirt", "tee", "scarf", "glove", "sweater", "novel", "paperback"),
    "filesystem": ("spreadsheet", "pdf", "screenshot", "installer", "config", "script", "permission",
                   "writable", "read-only", "txt", "csv", "zip", "desktop", "writeable", "editable",
                   # the permission a script is run by (round 27: "make 2 scripts executable")
                   "executable"),
    "support": ("caller", "complainant", "account", "password", "chargeback", "escalation", "refund",
                "ticket", "complaint", "receipt", "identity", "supervisor",
                # the cases a support queue works through besides tickets and complaints (round 22: "resolve 3
                # billing disputes from the queue"), and what they are about
                "dispute", "claim", "billing", "queue",
                # what a customer holds with the firm and calls to end or change (round 32: "cancel 1 subscription
                # after confirming who is calling"): a help desk's object, no meeting
                "subscription", "membership"),
    "warehouse": ("carton", "tote", "bin", "aisle", "rack", "sku", "pallet", "shelf", "forklift", "picker",
                  "stock", "dock", "bay", "inventory"),
    "blocks": ("cube", "brick", "pyramid", "tower"),
    "hanoi": ("disk", "disc", "peg", "rod", "pole", "spindle", "ring"),
    "elevator": ("rider", "floor", "storey", "story", "lobby", "penthouse", "basement", "passenger"),
    "ferry": ("boat", "vessel", "river", "quay", "pier", "jetty", "harbour", "harbor", "island", "shore"),
    "gripper": ("ball", "claw"),
    "transport": ("lorry", "van", "plane", "airplane", "aircraft", "airport", "city", "courier", "cargo",
                  "consignment", "shipment", "town", "road network"),
    "sokoban": ("boulder",),
    "visitall": ("square", "cell", "tile", "grid"),
    "tireworld": ("wheel", "jack", "wrench", "spare", "tyre", "tire", "hubcap"),
    "depot": ("hoist", "pallet", "crate", "truck", "distributor"),
    "dungeon": ("key", "door", "gate", "lock", "corridor", "chamber", "maze"),
    "rearrangement": ("cupboard", "drawer", "sofa", "couch", "mug", "dish", "toy", "sock", "laundry", "kitchen",
                      "bedroom", "clutter",
                      # the household's things and the furniture they are put away in (round 23: "a robot puts 2
                      # cups into the cabinet"): two of them, or one with a robot, are a household's
                      "cup", "plate", "bowl", "saucer", "cabinet", "wardrobe", "closet", "dresser", "nightstand",
                      "bookcase", "bookshelf", "fridge", "dishwasher", "pillow", "cushion", "blanket",
                      # a child's soft toys (round 36: "3 stuffed animals"): weak, a shop sells them too
                      "stuffed animal", "stuffed toy", "soft toy", "plush toy", "plushie", "teddy", "teddy bear"),
}

#: Names of kinds of meetings users set up (round 14: "3 team syncs", "4 one-on-ones", "a retro"): counted as
#: meetings, and, after a count, an article or a scheduling verb, weak evidence of the world that schedules them
#: (``evidence._DATED``). The general names of things that happen at a time ("call", "review": ``lexicon.OCCASIONS``)
#: say less, and count as evidence only after a number or a scheduling verb.
MEETING_KINDS = ("meeting", "appointment", "sync", "standup", "stand-up", "retro", "retrospective", "huddle",
                 "one-on-one", "1:1", "1-on-1", "check-in", "catch-up", "catchup", "offsite", "off-site",
                 "focus block", "focus session", "kickoff", "kick-off", "debrief", "all-hands", "townhall",
                 "town hall", "get-together", "meet-and-greet", "sit-down", "touchpoint", "touch-base")
#: Verbs of putting a meeting into a calendar (round 14: "fit 3 team syncs into the week", "slot 3 interviews
#: into the afternoon", "plan 2 client calls"): with a meeting after them they ask for scheduling, and are weak
#: evidence of the world that schedules (``operations.scheduling_verbs``); alone they are not ("plan a route",
#: "slot the disc onto the peg").
SCHEDULING_VERBS = ("fit", "slot", "squeeze", "plan", "line up", "block out", "block off", "pencil", "arrange",
                    "organise", "organize", "set up", "schedule", "reschedule", "hold", "host", "fix up",
                    "sort out", "put",
                    # with the particle of putting into the diary (round 16: "pencil in a dentist visit and a lunch")
                    "pencil in", "slot in", "fit in", "squeeze in", "pop in", "plan in",
                    # moving a meeting by verbs round 8 does not read as rescheduling (round 18: "push the retro to
                    # Friday"; "move", "shift", "postpone" stay round 8's schedule-with-undo)
                    "push", "push back", "bump", "bring forward", "rebook",
                    # light verbs of entering a meeting in the diary (round 31: "set 1 dentist appointment on the
                    # calendar", "add 2 check-ins", "put down a retro"): with a meeting after them, scheduling it
                    "set", "add", "enter", "put down", "jot down", "note down", "put in", "add in")

#: Verbs of ending something a customer holds (round 35): with a subscription or membership after them, its
#: cancelling (:data:`FIELD_ACTS`); once the help desk is the world, its ``cancel_order`` (:data:`FIELD_VERBS`).
ENDING = ("end", "terminate", "discontinue")
ENDING_VERBS = r"\b(?:end(?:s|ed|ing)?|terminat(?:e|es|ed|ing)|discontinu(?:e|es|ed|ing))"

#: Verbs of taking a meeting off the calendar (round 35): once the calendar is the world, calling the meeting off.
CALENDAR_REMOVING = ("drop", "remove", "delete", "take off", "strike off", "cross off",
                     # clearing entries off the calendar (round 46: "clear 2 stale reminders off the calendar")
                     "clear", "clear off", "clear out",
                     # scrapping a meeting is calling it off (cancellation as a real operation, branch wcal)
                     "scrap", "axe")

#: Verbs of putting a customer's account right again (round 37): once the help desk is the world, its one change to
#: a customer's record, updating it (loose: the world keeps no password or account state).
ACCOUNT_RESETTING = ("reset", "reactivate", "re-enable", "reenable", "unfreeze")

#: Verbs of bringing a lost or deleted file back (round 50): once the file system is the world, copying it back.
FILE_RESTORING = ("restore", "recover", "undelete", "bring back")

#: Verbs of a world's operations users write, mapped to the tool (family) they ask for once the world is chosen.
FIELD_VERBS: dict[str, dict[str, str]] = {
    "calendar": {**dict.fromkeys(("pencil in", "slot in", "fit in", "squeeze in", "pop in", "line up", "block out",
                                  "plan in", "diarise", "diarize"), "schedule"),
                 # taking a meeting out of the diary is calling it off (round 35: "drops 1 workshop from the
                 # agenda", "remove 2 syncs from the calendar"): the calendar's cancel_meeting, as "cancel" is
                 **dict.fromkeys(CALENDAR_REMOVING, "cancel_meeting")},
    "webshop": {**dict.fromkeys(("grab", "pick up", "pick out", "snag", "bag", "put in the basket",
                                 "put in the cart"), "add_to_cart"),
                # shopping as a verb, and packing a basket (round 15: "shop online for 2 gifts", "pack 2 mugs into
                # the shopping basket"): verbs of acquiring once the shop is the world
                **dict.fromkeys(("pack", "toss", "load up on"), "add_to_cart"),
                # choosing goods in a shop is buying them (round 20: "a shopper picks 1 blender", "select 2 mugs"):
                # a shop's only act of choice is putting the thing in the cart
                **dict.fromkeys(("pick", "choose", "select", "opt for", "settle on"), "add_to_cart"),
                **dict.fromkeys(("buy up", "snap up", "shop online for", "stock up on"), "checkout"),
                "redeem": "apply_coupon", "find": "search"},
    "filesystem": {**dict.fromkeys(("archive", "file away", "stash", "tuck away"), "move_file"),
                   # sorting files into folders is moving each where it belongs (round 23: "sort 4 downloads into
                   # subfolders")
                   **dict.fromkeys(("sort", "regroup"), "move_file"),
                   **dict.fromkeys(("unlock", "unprotect"), "chmod_writable"),
                   # finding a file is listing the directories to see which files each holds (round 50: "find a lost
                   # spreadsheet on the shared drive"), as "list the downloads folder" is
                   **dict.fromkeys(("find", "locate", "look for", "search for", "hunt for", "track down"), "list_dir"),
                   # bringing a file back is copying it back from where a copy is kept (loose:
                   # ``operations.LOOSE_OPERATIONS``)
                   **dict.fromkeys(FILE_RESTORING, "copy_file")},
    "support": {**dict.fromkeys(("credit", "refund back"), "refund_order"),
                # ending a customer's subscription, membership or order is cancelling it (round 35)
                **dict.fromkeys(ENDING, "cancel_order"),
                **dict.fromkeys(("check the identity of", "confirm the identity of", "verify the identity of",
                                 "id-check", "id check"), "verify_identity"),
                **dict.fromkeys(("change the address of", "fix the address of"), "update_address"),
                # asking after an order is looking it up (round 46: "check the status of 3 orders", "checks on 3
                # late shipments"): the help desk's lookup of what became of it
                **dict.fromkeys(("check the status of", "check on", "check up on", "follow up on", "track down",
                                 "trace"), "lookup_order"),
                # resetting or reactivating a customer's account (round 37: "resets their account"): the help
                # desk's only change to a customer's record, loose (``operations.LOOSE_OPERATIONS``)
                **dict.fromkeys(ACCOUNT_RESETTING, "update_address")},
    "warehouse": {**dict.fromkeys(("shelve", "rack", "palletise", "palletize", "put on the shelf"), "drop"),
                  # packing an order is setting its items down at the packing station, where a warehouse task's
                  # goals are (round 25: "pack 1 order for shipment in the stockroom")
                  "pack": "drop",
                  # counting the stock at a place is looking at which crates are there (round 50: "the stock clerk
                  # counts and moves 3 pallets"): the warehouse's scan of a location ("tally" stays round 34's
                  # unsupported verb: a tally is kept, not only seen)
                  **dict.fromkeys(("count", "recount", "take stock of", "stocktake"), "scan_location")},
    # setting a household thing on or at its place by how it rests there is putting it there (round 34: "hangs 2
    # coats on the hooks", "lays 3 towels on the bed", "props 1 umbrella by the door")
    "rearrangement": dict.fromkeys(("hang", "lay", "prop", "lean", "tuck", "perch"), "put"),
    # putting a spare on the car is changing the tire (round 34: "inflate and mount 1 spare tire", "fit the spare")
    "tireworld": dict.fromkeys(("mount", "fit", "fit on", "put on"), "change_tire"),
    # touching a square of the grid is standing on it, a visit (round 36: "touch each position on the map")
    # passing over or going over each square is visiting it (round 39: "pass over each tile of the floor grid")
    "visitall": dict.fromkeys(("touch", "land on", "stand on", "pass over", "pass through", "go over", "run over",
                               "roll over", "drive over"), "move"),
    # arranging cubes into a stack or a tower is stacking them (round 39: "the arm must arrange 4 toy cubes with the
    # red one on top"): a blocks world's only way to arrange them
    # (round 41: reordering or reshuffling them into a tower, "reorder 3 blocks into a new tower", is stacking too)
    # (round 42: a block that must end up on another, "the red block must end up on the blue one", is stacked on
    # it, a block's only way onto another; one that ends up on the table is put down there)
    # (round 47: a block said to rest or sit on another in the end state, "has the orange block resting on the
    # purple one", "the red block sits atop the blue", is stacked there as one that ends up on it is; on the table,
    # put down)
    "blocks": {**dict.fromkeys(("arrange", "rearrange", "sort", "line up", "reorder", "re-order", "reshuffle",
                                "shuffle", *(f"{verb} {where}" for verb in ("end up", "rest", "sit")
                                             for where in ("on", "atop", "on top of"))), "stack"),
               **dict.fromkeys(("end up on the table", "rest on the table", "sit on the table"), "put_down")},
    # getting out of a dungeon is walking to its way out (round 27: "escape the dungeon through 1 locked door")
    "dungeon": {**dict.fromkeys(("escape", "flee", "get out of", "break out of", "exit", "find the way out of",
                                 "find a way out of", "make it out of"), "move"),
                # what a dungeon's rooms are searched for is a key, and finding it is taking it (round 35: "searches
                # the dungeon for the key", "hunts for 2 keys", "finds the key"): its only thing to take. "find"
                # and "locate" only with the key said, since a way or an exit is found by walking
                **dict.fromkeys(("search", "search for", "hunt for", "look for", "seek", "seek out",
                                 *(f"{verb} {the}key{s}" for verb in ("find", "locate") for the in ("the ", "a ", "")
                                   for s in ("", "s") if not (the == "a " and s))), "pick_key")},
    # routing and sending a parcel is getting it delivered (round 14: "route 2 parcels through the road network")
    "transport": {**dict.fromkeys(("route", "reroute", "send", "forward"), "unload*")},
}


#: A shop named by its trade and where it is visited online (round 27: "from the grocery website", "the clothing
#: site", "an electronics web store", "the pharmacy app"): round 23 read "the store website"; a kind of retailer
#: before a website, site, app or web store is a shop too, whatever it sells. (The trade alone is no shop: "grocery
#: list", "a pharmacy" may be any errand. A kind is said in a form ``evidence.keyword_pattern`` finds again: no "-ies"
#: plural.)
RETAIL_KINDS = ("grocery", "grocer", "supermarket", "clothing", "clothes", "fashion", "apparel",
                "electronics", "pharmacy", "drugstore", "chemist", "furniture", "hardware", "toy", "toys", "pet",
                "pet supply", "pet supplies", "book", "books", "shoe", "shoes", "sports", "sporting goods", "beauty",
                "cosmetics", "homeware", "homewares", "department store", "garden centre", "garden center",
                "bakery", "butcher", "florist", "wine", "liquor", "jewellery", "jewelry", "outdoor", "gadget",
                "stationery", "appliance", "retailer", "retail chain", "merchant", "vendor", "boutique", "deli",
                "bookstore", "bookshop", "discount", "outlet")
RETAIL_VENUE = (r"\b(?:" + "|".join(re.escape(k) for k in sorted(RETAIL_KINDS, key=len, reverse=True))
                + r")(?:'s|s')?\s+(?:web\s?site|site|web\s?shop|web\s?store|online\s+(?:store|shop)|app|e-?shop)\b")


#: A retailer said to be on the internet (round 37: "an internet supermarket", "the online pharmacy", "a web grocer",
#: "an online pet store"): its shop. The kinds that name a shop on their own, or any retail kind before "store"/"shop".
ONLINE_SHOPS = ("supermarket", "hypermarket", "minimart", "grocer", "grocery store", "grocery shop", "pharmacy",
                "drugstore", "chemist", "bakery", "butcher", "florist", "boutique", "deli", "bookstore", "bookshop",
                "retailer", "merchant", "vendor", "outlet", "department store", "mall", "market", "marketplace",
                "shop", "store", "supplier")
ONLINE_RETAILER = (r"\b(?:internet|online|web|e-commerce|ecommerce)\s+(?:"
                   + "|".join(re.escape(k) for k in sorted(ONLINE_SHOPS, key=len, reverse=True))
                   + r"|(?:" + "|".join(re.escape(k) for k in sorted(RETAIL_KINDS, key=len, reverse=True))
                   + r")\s+(?:store|shop))(?:s|es)?\b")


#: Verbs of finding where a thing went (round 37: "track down", "trace", "chase up a missing parcel").
TRACING = (r"\b(?:track(?:s|ed|ing)?|trac(?:e|es|ed|ing)|chas(?:e|es|ed|ing)(?:\s+up)?|locat(?:e|es|ed|ing)"
           r"|find(?:s|ing)?|found|hunt(?:s|ed|ing)?|look(?:s|ed|ing)?\s+for|look(?:s|ed|ing)?\s+into"
           r"|investigat(?:e|es|ed|ing))")


#: Checking who is on the line (round 32: "after confirming who is calling", "verify who the caller is", "check who
#: they are"): a verb of checking, then "who" and the person asked about. It is checking an identity, a help
#: desk's act (``operations.identity_checks`` reads it as one); "confirm" alone stays the calendar's attendance.
#: The people asked about may be counted and named by what they hold with the firm (round 41: "confirm who 2
#: account holders are", "verify who the 3 subscribers are"): a help desk's customers, whoever keeps accounts.
CHECKING_WHO = (r"\b(?:check|confirm|verif|validat|authenticat|establish|prov)(?:e|es|ed|ing|s|y|ies|ied|ying)?"
                r"\s+who\s+(?:is\s+(?:calling|ringing|phoning|on\s+the\s+(?:line|phone))|(?:they|he|she|you)\s+(?:are|is)"
                r"|(?:(?:the|this|each|these|those|both|all)\s+)?(?:(?:\d+|two|three|four|five)\s+)?(?:account\s+)?"
                r"(?:caller|customer|client|person|user|holder|subscriber|member)s?\s+(?:is|are))\b")

#: Goods a customer never got (round 41: "a client who never received their parcel", "2 customers whose orders never
#: arrived"): a delivery gone astray, which a help desk looks up (``operations.undelivered_goods``); a carrier
#: delivers parcels, only a customer misses one. Group 1 is the words that say so.
NOT_RECEIVED = (r"\b((?:never|not|didn't|did\s+not|hasn't|has\s+not|haven't|have\s+not|yet\s+to)\s+(?:yet\s+)?"
                r"(?:receiv(?:e|ed)|got|gotten|get)\s+(?:(?:their|his|her|my|our|your|the|a|an|its|one|\d+)\s+)?"
                r"(?:[a-z'-]+\s+)?(?:parcels?|packages?|orders?|deliver(?:y|ies)|shipments?|purchases?)"
                r"|(?:parcels?|packages?|orders?|deliver(?:y|ies)|shipments?|purchases?)\s+(?:never|didn't|did\s+not"
                r"|hasn't|has\s+not|haven't|have\s+not)\s+(?:yet\s+)?(?:arriv(?:e|ed)|c(?:o|a)me|show(?:n|ed)?\s+up"
                r"|turn(?:ed)?\s+up))\b")

#: Turning to the help desk for something (round 41: "then ask support for a refund on it", "contact customer service
#: about 2 late orders"): a verb of asking or reaching someone, the help desk, then what it is asked for. It names
#: the help desk's trade, and opens a task of its own after "then" (``domain_choice._tasks``).
ASKING_SUPPORT = (r"\b(?:(?:ask|contact|call|e-?mail|message)(?:s|ed|ing)?|phon(?:e|es|ed|ing)|ring(?:s|ing)?|rang"
                  r"|writ(?:e|es|ing)\s+to|wrote\s+to|reach(?:es|ed|ing)?\s+out\s+to|turn(?:s|ed|ing)?\s+to"
                  r"|get(?:s|ting)?\s+in\s+touch\s+with|got\s+in\s+touch\s+with)\s+(?:the\s+|their\s+|its\s+)?"
                  r"(?:support|help\s*desk|customer\s+service|customer\s+care|customer\s+support)"
                  r"(?:\s+(?:team|desk|staff|line|agents?))?\s+(?:for|about|regarding|over|to)\b")

#: A measure goods are counted in, and its "of" ("2 pairs of running shoes", "3 boxes of tea"): the goods follow it,
#: and the count is of them (round 16 read "a pair of gloves"; round 34 "orders 2 pairs of running shoes online").
MEASURE_OF = r"(?:pairs?|sets?|box(?:es)?|bags?|packs?|bottles?|kits?)\s+of"


#: Placing an order for something, where a verb of the directive stands (round 52: "places 1 order for a rug",
#: "submit 2 orders for desk lamps", "put in an order for a kettle", "places 3 orders online for mugs", "place an
#: order with the shop for 2 lamps"): the light verb and its count of orders, then "for"; group 1 the light verb.
#: Present forms only: "the order a customer placed" tells of an order's past.
PLACING_ORDER = (r"\b(plac(?:e|es|ing)|submit(?:s|ting)?|put(?:s|ting)?\s+in|lodg(?:e|es|ing))\s+"
                 r"(?:\d+|an?|one|two|three|four|five|six|some|several)\s+(?:new\s+|online\s+)?orders?\s+"
                 r"(?:online\s+|(?:with|at|from)\s+(?:the\s+|an?\s+|our\s+|my\s+|their\s+)?[a-z'-]+\s+)?for\b")


#: Acts that name a world's trade by what they are done to or where (strong evidence, as :data:`FIELD_NAMES` are;
#: round 24): buying or ordering something online is shopping ("order a hotel room online": a shop, no meeting
#: room), replying to, answering or emailing a customer is a support agent's work ("reply to a customer about
#: it"), and packing orders a warehouse's (round 25). The verb alone is no world's ("order" is support's too, "reply"
#: any task done); with its object it is.
FIELD_ACTS: dict[str, re.Pattern[str]] = {
    # (online as an adverb, where the act is done: "online store" is a keyword of its own)
    "webshop": re.compile(r"\b(?:order|buy|purchase|book)(?:s|ed|ing)?\s+"
                          rf"(?:[a-z0-9'-]+\s+{MEASURE_OF}\s+)?(?:[a-z0-9'-]+\s+){{0,4}}?online"
                          r"(?=\s*(?:$|[,;:.]|\b(?:and|then|for|from|with|at|by|but|or|before|after|via)\b))"
                          r"|\b(?:orders?|ordering|buys?|buying|purchases?|purchasing|shops?|shopping)\s+online\b"
                          # goods said to be ordered online, the participle after them (round 50: "4 bags of coffee
                          # ordered online", "2 lamps bought online"): the same buying, said of what is bought
                          # (a measure of goods before it is the goods bought, no other world's thing: "5 boxes of
                          # tea ordered online" are no warehouse boxes)
                          rf"|\b(?:(?:\d+|an?|one|two|three|four|five|six|some|several)\s+{MEASURE_OF}\s+"
                          r"(?:[a-z'-]+\s+){1,3}?)?(?:ordered|bought|purchased)\s+online\b"
                          rf"|{RETAIL_VENUE}"
                          # comparing prices is a shopper's act, whoever does it (round 28: "the customer compares
                          # prices and orders 1 blender": a buyer in a shop, no help-desk customer)
                          r"|\bcompar(?:e|es|ed|ing)\s+(?:the\s+|their\s+|its\s+)?(?:[a-z-]+\s+)?(?:prices|costs"
                          r"|deals|offers)\b|\bprice[- ]compar(?:e|es|ed|ing|ison|isons)\b"
                          r"|\bshop(?:s|ped|ping)?\s+around\b"
                          # a retailer said to be on the internet (round 37: "from an internet supermarket", "an
                          # online pharmacy"): a web shop, whatever it sells ("online" alone is weak, no shop)
                          rf"|{ONLINE_RETAILER}"
                          # an agent named by the buying it does (round 39: "the buyer bot wants 2 pairs of shoes"): a
                          # shop's shopper, where a bare "bot" or "agent" is any world's (one pattern, not a phrase
                          # per pairing: each listed name costs a search per world weighed)
                          r"|\b(?:buyer|buying|shopper|shopping|purchasing|purchase)\s+"
                          r"(?:bot|agent|robot|assistant)s?\b"
                          # placing an order for goods (round 52: "places 1 order for a rug", "put in 2 orders for
                          # lamps"): a buyer's act, the shop's checkout; the present only, as a verb is asked for
                          # ("the order a customer placed" is a help-desk order's history)
                          rf"|{PLACING_ORDER}"),
    # riding, taking, calling or waiting for the lift (round 37): the British elevator, said with its article; "lift"
    # alone is a verb of raising ("lift the box"), after these verbs and an article only the car
    "elevator": re.compile(r"\b(?:(?:take|takes|took|taking|ride|rides|rode|riding|call|calls|called|calling"
                           r"|board|boards|boarded|boarding|wait(?:s|ed|ing)?\s+for)"
                           r"\s+(?:the|a|one|each|every|their|its)\s+lifts?)\b(?!\s+(?:pass|ticket|chair)s?\b)"),
    "support": re.compile(r"\b(?:repl(?:y|ies|ied|ying)|answer(?:s|ed|ing)?|respond(?:s|ed|ing)?|e-?mail(?:s|ed|ing)?"
                          r"|writ(?:e|es|ing)\s+back|get(?:s|ting)?\s+back)\s+(?:to\s+)?(?:(?:a|an|the|one|two|three"
                          r"|some|each|every|all|our|my|their|\d+)\s+)?(?:[a-z'-]+\s+)?(?:customers?|clients?"
                          r"|callers?|shoppers?|buyers?)\b"
                          # checking who is calling (round 32): an identity check, on a help desk's line
                          rf"|{CHECKING_WHO}"
                          # ending what a customer holds with the firm (round 35: "end 2 memberships", "terminate
                          # 1 subscription"): cancelling it, a help desk's act (the verbs alone end anything)
                          rf"|{ENDING_VERBS}\s+(?:(?:a|an|the|one|two|three|some|each|every|all|our|my|their|his"
                          r"|her|your|\d+)\s+)?(?:[a-z'-]+\s+)?(?:subscriptions?|memberships?)\b"
                          # tracing what went astray on its way to a customer (round 37: "track down 2 lost
                          # shipments for customers", "chase a missing parcel"): a help desk looking an order up;
                          # moving goods is a carrier's, finding the lost ones a help desk's
                          rf"|{TRACING}\s+(?:down\s+)?(?:(?:a|an|the|one|two|three|some|each|every|all|our|my|their"
                          r"|his|her|your|\d+)\s+)?(?:(?:customers?|customer's|clients?|client's)\s+)?"
                          r"(?:lost|missing|delayed|late|overdue|misdelivered|undelivered|stolen|misrouted|stuck)\s+"
                          r"(?:[a-z'-]+\s+)?(?:shipments?|parcels?|packages?|orders?|deliveries|delivery|consignments?)\b"
                          # goods a customer never got, and turning to the help desk (round 41)
                          rf"|{NOT_RECEIVED}|{ASKING_SUPPORT}"
                          # money back for a thing bought (round 39: "wants their money back for 1 broken kettle"):
                          # a refund, which a help desk gives (a "money back guarantee" is a shop's promise, no act)
                          r"|\b(?:money|cash)\s+back\s+(?:for|on)\s+(?:(?:a|an|the|one|two|three|their|his|her|my|our"
                          r"|\d+)\s+)(?:[a-z'-]+\s+){0,2}?[a-z'-]+\b"),
    # packing an order (or picking and packing) is a fulfilment centre's work, no help desk's order (round 25:
    # "pack 1 order", "pack 2 customer orders for shipping")
    "warehouse": re.compile(r"\bpack(?:s|ed|ing)?\s+(?:up\s+)?(?:[a-z0-9'-]+\s+){0,3}?orders?\b"
                            r"|\bpick(?:s|ed|ing)?\s+(?:and|&|n)\s+pack(?:s|ed|ing)?\b"),
    # stacking cubes or bricks is a blocks world's work (round 36: "the robot arm stacks 2 cubes"): cubes and bricks
    # are its blocks; the verb alone stacks crates or discs too, the noun alone is any toy's
    # (round 39: arranging or building with them too, "the arm must arrange 4 toy cubes with the red one on top")
    "blocks": re.compile(r"\b(?:(?:un)?(?:stack(?:s|ed|ing)?|pil(?:e|es|ed|ing)|heap(?:s|ed|ing)?)\s+(?:up\s+)?"
                         r"|(?:re)?arrang(?:e|es|ed|ing)\s+|build(?:s|ing)?\s+(?:up\s+)?|built\s+(?:up\s+)?"
                         r"|assembl(?:e|es|ed|ing)\s+)"
                         r"(?:[a-z0-9'-]+\s+){0,3}?(?:cubes?|bricks?)\b"),
    # touching, reaching or covering each position of a map or grid is visiting them all (round 36: "a scout should
    # touch each position on the map"): a verb of getting onto a place, "each"/"every"/"all", a place noun and the
    # map or grid it is on
    "visitall": re.compile(r"\b(?:touch(?:es|ed|ing)?|reach(?:es|ed|ing)?|cover(?:s|ed|ing)?|visit(?:s|ed|ing)?"
                           r"|step(?:s|ped|ping)?\s+on|stand(?:s|ing)?\s+on"
                           r"|land(?:s|ed|ing)?\s+on|pass(?:es|ed|ing)?\s+(?:through|over))\s+"
                           r"(?:each|every|all(?:\s+of)?(?:\s+the)?)\s+(?:[a-z'-]+\s+)?"
                           r"(?:positions?|cells?|squares?|spots?|tiles?|points?|locations?|places?|fields?)\s+"
                           r"(?:on|of|in|across|throughout)\s+(?:the|a|an|this|that|its|their|our|my)\s+"
                           r"(?:[a-z'-]+\s+)?(?:map|grid|board|field|floor\s+plan)\b"
                           # ... or a grid's own cells, wherever they are (round 46: "cover every tile of the hall at
                           # least once", "sweep over all squares"): tiles, squares and cells are a grid's, so the
                           # place they are in need not be named
                           r"|\b(?:cover(?:s|ed|ing)?|visit(?:s|ed|ing)?|sweep(?:s|ing)?(?:\s+over)?|swept(?:\s+over)?"
                           r"|step(?:s|ped|ping)?\s+on|stand(?:s|ing)?\s+on|touch(?:es|ed|ing)?)\s+"
                           r"(?:each|every|all(?:\s+of)?(?:\s+the)?)\s+(?:single\s+)?(?:tiles?|squares?|cells?)\b"),
}


def field_acts(text: str, domain: str) -> list[str]:
    """The acts in ``text`` that name ``domain``'s trade (:data:`FIELD_ACTS`), as said, each once."""
    regex = FIELD_ACTS.get(domain)
    return [] if regex is None else list(dict.fromkeys(m.group(0) for m in regex.finditer(text)))


def other_acts(text: str, domain: str) -> list[tuple[int, int]]:
    """The spans of the acts in ``text`` that name a world other than ``domain`` (:data:`FIELD_ACTS`): the words
    inside one are that act's object, no evidence of ``domain`` (round 25: "order 3 phone cases online" buys goods,
    no support cases; "buy 2 tickets online" no help-desk tickets)."""
    return [m.span() for other, regex in FIELD_ACTS.items() if other != domain for m in regex.finditer(text)]


def field_names(domain: str) -> tuple[str, ...]:
    """The phrases that name ``domain`` outright (:data:`FIELD_NAMES`)."""
    return FIELD_NAMES.get(domain, ())


def field_verbs(domain: str) -> dict[str, str]:
    """The verbs of ``domain``'s operations users write (:data:`FIELD_VERBS`), verb → tool."""
    return FIELD_VERBS.get(domain, {})


@cache
def _weak_regex(domain: str) -> re.Pattern[str] | None:
    words = FIELD_WORDS_WEAK.get(domain, ())
    if not words:
        return None
    said = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"\b({said})(?:s|es)?\b")


def weak_field_words(text: str, domain: str) -> list[str]:
    """The nouns of ``domain``'s roles, objects and places in ``text`` (:data:`FIELD_WORDS_WEAK`), each once, in
    order found. ``text`` is lower case; bounded by one compiled regex pass per domain."""
    regex = _weak_regex(domain)
    return [] if regex is None else list(dict.fromkeys(m.group(1) for m in regex.finditer(text)))
