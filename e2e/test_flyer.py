"""A report's flyer, printed by Chromium to PDF: one A4 page whose QR code a real decoder (zbar) reads
as the live report's address."""
import base64
import subprocess
import tempfile
from pathlib import Path

from conftest import SCREENSHOTS, make_driver
from test_accessibility import create_report


def print_flyer(server, report_id, folder, language="en"):
    """Chromium prints the report's flyer to `folder`/flyer.pdf; returns pdfinfo's text and its page count."""
    driver = make_driver(javascript=True, language=language)
    try:
        driver.get(f"{server}/lost-pets/{report_id}/flyer")
        pdf = base64.b64decode(driver.execute_cdp_cmd("Page.printToPDF", {
            "preferCSSPageSize": True, "printBackground": True})["data"])
    finally:
        driver.quit()
    path = Path(folder) / "flyer.pdf"
    path.write_bytes(pdf)
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    return info, int(next(line for line in info.splitlines() if line.startswith("Pages:")).split()[1])


def test_the_flyer_prints_on_one_page_with_a_qr_code_to_the_live_report(server, photo):
    report = create_report(server, photo, petName="Flyer", breed="Beagle", description="White paws, red collar",
                           reward="A big hug", phone="+48 600 700 800")
    with tempfile.TemporaryDirectory() as folder:
        info, pages = print_flyer(server, report["id"], folder)
        assert pages == 1, info
        assert "(A4)" in info, info
        assert "MISSING DOG" in subprocess.run(["pdftotext", str(Path(folder) / "flyer.pdf"), "-"],
                                               capture_output=True, text=True, check=True).stdout
        subprocess.run(["pdftoppm", "-r", "150", "-png", str(Path(folder) / "flyer.pdf"), str(Path(folder) / "page")],
                       check=True)
        images = sorted(Path(folder).glob("page*.png"))
        assert len(images) == 1
        SCREENSHOTS.mkdir(exist_ok=True)
        (SCREENSHOTS / "flyer.png").write_bytes(images[0].read_bytes())
        decoded = subprocess.run(["zbarimg", "--raw", "-q", "-Sdisable", "-Sqrcode.enable", str(images[0])],
                                 capture_output=True, text=True).stdout.strip()
        assert decoded == f"{server}/lost-pets/{report['id']}", decoded


def test_a_long_description_and_reward_still_print_on_one_page(server, photo):
    """Every text at its longest the forms allow still gives one page: the photo gives way, long texts are cut."""
    report = create_report(server, photo, petName="Reksio Maksymilian Pierwszy", breed="Mieszaniec owczarka i labradora",
                           description="Brązowy pies z białą łatą na piersi i obrożą z czerwoną zawieszką. " * 29,
                           reward="Nagroda 500 zł za informację, która pomoże odnaleźć psa, i drugie tyle za przyprowadzenie go do domu!",
                           phone="+48 600 700 800")
    for language in ("pl", "en"):
        with tempfile.TemporaryDirectory() as folder:
            info, pages = print_flyer(server, report["id"], folder, language)
            assert pages == 1, (language, info)

