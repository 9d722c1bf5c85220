//! A position with a card outside the table's five is not in the table, whichever of the five
//! places (either hand, the side card) holds it: in memory and in the file.

use onitama_core::{Card, Deal, Position};
use onitama_tablebase::{Generator, TablebaseFile};

#[test]
fn a_card_outside_the_set_in_any_place_is_out_of_range() {
    let cards = Deal::COMMUNITY_A.cards();
    let table = Generator::new(cards, 2).unwrap().generate(&|_| {}).unwrap();
    let path = std::env::temp_dir().join(format!("onitama-other-cards-{}", std::process::id()));
    table.save(&path).unwrap();
    let file = TablebaseFile::open(&path).unwrap();
    let foreign = Card::ALL
        .into_iter()
        .find(|c| !cards.contains(c))
        .expect("a card outside the set");
    let names: Vec<String> = cards.iter().map(|c| c.name().to_owned()).collect();
    // Red to move (`r`) and Blue to move (`b`): the opponent's hand is the first or the second.
    for turn in ["r", "b"] {
        let text = format!(
            "2m2/5/5/5/2M2 {},{} {},{} {} {turn}",
            names[0], names[1], names[2], names[3], names[4]
        );
        let pos: Position = text.parse().unwrap();
        assert!(table.probe(&pos).is_some(), "{text} is in the table");
        for place in 0..5 {
            let mut swapped = names.clone();
            swapped[place] = foreign.name().to_owned();
            let text = format!(
                "2m2/5/5/5/2M2 {},{} {},{} {} {turn}",
                swapped[0], swapped[1], swapped[2], swapped[3], swapped[4]
            );
            let pos: Position = text.parse().unwrap();
            assert_eq!(table.probe(&pos), None, "{text}");
            assert_eq!(file.probe(&pos).unwrap(), None, "{text}");
        }
    }
    std::fs::remove_file(&path).unwrap();
}
