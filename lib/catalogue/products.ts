import type { Ingredient, Localized, Product } from './types';

const IMAGE_SIZE = 400;

const cocoaButter: Ingredient = {
  key: 'manteiga-de-cacau',
  name: { 'pt-BR': 'Manteiga de cacau', en: 'Cocoa butter' },
  description: {
    'pt-BR': [
      'Gordura pura extraída da amêndoa do cacau, sem substitutos.',
      'É ela que faz o chocolate derreter devagar na boca.',
    ],
    en: [
      'Pure fat pressed from the cacao bean, with no substitutes.',
      'It is what makes the chocolate melt slowly on the tongue.',
    ],
  },
};

const wholeMilk: Ingredient = {
  key: 'leite-integral',
  name: { 'pt-BR': 'Leite integral', en: 'Whole milk' },
  description: {
    'pt-BR': [
      'Leite integral em pó de pequenos produtores de Minas Gerais.',
      'Traz cremosidade e notas suaves de caramelo.',
    ],
    en: [
      'Whole milk powder from small dairy farms in Minas Gerais.',
      'It brings creaminess and gentle caramel notes.',
    ],
  },
};

const demeraraSugar: Ingredient = {
  key: 'acucar-demerara',
  name: { 'pt-BR': 'Açúcar demerara', en: 'Demerara sugar' },
  description: {
    'pt-BR': [
      'Açúcar pouco refinado, que preserva um leve sabor de rapadura.',
      'Adoça sem esconder as notas do cacau.',
    ],
    en: [
      'Lightly refined cane sugar that keeps a hint of rapadura.',
      'It sweetens without hiding the cacao notes.',
    ],
  },
};

const freshCream: Ingredient = {
  key: 'creme-de-leite',
  name: { 'pt-BR': 'Creme de leite fresco', en: 'Fresh cream' },
  description: {
    'pt-BR': [
      'Base das nossas ganaches, batida com o chocolate ainda morno.',
      'Deixa o recheio macio e aveludado.',
    ],
    en: [
      'The base of our ganaches, whisked into the chocolate while still warm.',
      'It keeps the filling soft and velvety.',
    ],
  },
};

const milkChocolate: Ingredient = {
  key: 'chocolate-ao-leite',
  name: { 'pt-BR': 'Chocolate ao leite', en: 'Milk chocolate' },
  description: {
    'pt-BR': [
      'Chocolate cremoso feito com cacau brasileiro e leite integral.',
      'Temperado à mão para ganhar brilho e um estalo bonito.',
    ],
    en: [
      'Creamy chocolate made with Brazilian cacao and whole milk.',
      'Tempered by hand for a glossy finish and a clean snap.',
    ],
  },
};

const semisweetChocolate: Ingredient = {
  key: 'chocolate-meio-amargo',
  name: { 'pt-BR': 'Chocolate meio amargo', en: 'Semisweet chocolate' },
  description: {
    'pt-BR': [
      'Chocolate com 55% de cacau, equilibrado entre intensidade e doçura.',
      'É a casca das nossas receitas trufadas.',
    ],
    en: [
      'A 55% cacao chocolate balanced between intensity and sweetness.',
      'It forms the shell of our truffled recipes.',
    ],
  },
};

const whiteChocolate: Ingredient = {
  key: 'chocolate-branco',
  name: { 'pt-BR': 'Chocolate branco', en: 'White chocolate' },
  description: {
    'pt-BR': [
      'Feito com manteiga de cacau pura, leite e uma pitada de baunilha.',
      'Tem textura sedosa e doçura delicada.',
    ],
    en: [
      'Made with pure cocoa butter, milk and a touch of vanilla.',
      'Silky in texture and delicately sweet.',
    ],
  },
};

const amazonCacao: Ingredient = {
  key: 'cacau-amazonas',
  name: { 'pt-BR': 'Cacau do Amazonas', en: 'Amazonas cacao' },
  description: {
    'pt-BR': [
      'Amêndoas colhidas por comunidades ribeirinhas às margens dos rios amazônicos.',
      'Fermentadas com cuidado, revelam notas de frutas amarelas e castanhas.',
    ],
    en: [
      'Beans harvested by riverside communities along the Amazon rivers.',
      'Carefully fermented, they reveal notes of yellow fruit and nuts.',
    ],
  },
};

const bahiaCacao: Ingredient = {
  key: 'cacau-bahia',
  name: { 'pt-BR': 'Cacau do sul da Bahia', en: 'Southern Bahia cacao' },
  description: {
    'pt-BR': [
      'Cultivado no sistema cabruca, à sombra da Mata Atlântica.',
      'Tem sabor intenso, com toques de frutas vermelhas e madeira.',
    ],
    en: [
      'Grown the cabruca way, in the shade of the Atlantic Forest.',
      'Intense in flavour, with hints of red fruit and wood.',
    ],
  },
};

const brazilNut: Ingredient = {
  key: 'castanha-do-para',
  name: { 'pt-BR': 'Castanha-do-pará', en: 'Brazil nuts' },
  description: {
    'pt-BR': [
      'Castanhas coletadas na floresta amazônica e levemente tostadas.',
      'Trazem crocância e um sabor amanteigado.',
    ],
    en: [
      'Nuts gathered in the Amazon rainforest and lightly toasted.',
      'They add crunch and a buttery flavour.',
    ],
  },
};

const doceDeLeite: Ingredient = {
  key: 'doce-de-leite',
  name: { 'pt-BR': 'Doce de leite mineiro', en: 'Minas dulce de leite' },
  description: {
    'pt-BR': [
      'Doce de leite cozido lentamente em tacho de cobre, na Serra da Mantiqueira.',
      'Cremoso e dourado, com aquele gosto de fazenda.',
    ],
    en: [
      'Dulce de leite slowly cooked in copper pans in the Mantiqueira hills.',
      'Creamy and golden, with a true farmhouse taste.',
    ],
  },
};

const coffee: Ingredient = {
  key: 'cafe',
  name: { 'pt-BR': 'Café especial', en: 'Specialty coffee' },
  description: {
    'pt-BR': [
      'Grãos arábica da Alta Mogiana, em torra média.',
      'Moídos bem finos para perfumar o chocolate sem amargar.',
    ],
    en: [
      'Arabica beans from the Alta Mogiana region, medium roasted.',
      'Finely ground to perfume the chocolate without bitterness.',
    ],
  },
};

const cacaoMass: Ingredient = {
  key: 'massa-de-cacau',
  name: { 'pt-BR': 'Massa de cacau', en: 'Cacao mass' },
  description: {
    'pt-BR': [
      'Amêndoas de cacau torradas e moídas até virar uma pasta lisa.',
      'É o coração de cada barra.',
    ],
    en: ['Roasted cacao beans ground into a smooth paste.', 'It is the heart of every bar.'],
  },
};

const passionFruit: Ingredient = {
  key: 'maracuja',
  name: { 'pt-BR': 'Maracujá', en: 'Passion fruit' },
  description: {
    'pt-BR': [
      'Polpa fresca de maracujá azedinho, reduzida em fogo baixo.',
      'Equilibra a doçura com um toque cítrico.',
    ],
    en: [
      'Fresh, tangy passion fruit pulp reduced over a low flame.',
      'It balances the sweetness with a citrus note.',
    ],
  },
};

const coconut: Ingredient = {
  key: 'coco',
  name: { 'pt-BR': 'Coco tostado', en: 'Toasted coconut' },
  description: {
    'pt-BR': [
      'Lascas de coco fresco tostadas até dourar.',
      'Lembram uma tarde de praia no litoral brasileiro.',
    ],
    en: [
      'Fresh coconut flakes toasted until golden.',
      'They taste like an afternoon on the Brazilian coast.',
    ],
  },
};

const vanilla: Ingredient = {
  key: 'baunilha',
  name: { 'pt-BR': 'Baunilha', en: 'Vanilla' },
  description: {
    'pt-BR': ['Fava de baunilha natural raspada na hora.', 'Perfuma o chocolate branco.'],
    en: ['Natural vanilla pod, scraped fresh.', 'It perfumes the white chocolate.'],
  },
};

type ProductInput = Pick<
  Product,
  | 'key'
  | 'type'
  | 'category'
  | 'title'
  | 'subtitle'
  | 'description'
  | 'price'
  | 'weight'
  | 'ingredients'
> & {
  isPromoted?: boolean;
  // The organic line: the single-origin recipes made only of cacao, nuts, sugar and milk from the
  // growers the shop buys from directly (Amazonas riverside communities, Bahia's cabruca farms).
  isOrganic?: boolean;
  alt: { product: Localized; detail: Localized };
};

// Shop-wide defaults live here so each entry only states what makes it different.
function product(input: ProductInput): Product {
  const { alt, isPromoted = false, isOrganic = false, ...rest } = input;
  return {
    ...rest,
    isPromoted,
    isOrganic,
    availableForSale: true,
    showInStore: true,
    stockQtty: 10,
    pageLink: `/chocolates/${input.key}`,
    imgSrc: [
      {
        src: `/images/products/${input.key}.svg`,
        alt: alt.product,
        width: IMAGE_SIZE,
        height: IMAGE_SIZE,
      },
      {
        src: `/images/products/${input.key}-detail.svg`,
        alt: alt.detail,
        width: IMAGE_SIZE,
        height: IMAGE_SIZE,
      },
    ],
  };
}

const easterProducts: Product[] = [
  product({
    key: 'ovo-caramelo-com-amendoim',
    type: 'ovos-trufados',
    category: 'pascoa',
    title: { 'pt-BR': 'Ovo Caramelo com Amendoim', en: 'Peanut Caramel Egg' },
    subtitle: {
      'pt-BR': 'Casca trufada de caramelo salgado com amendoim crocante',
      en: 'Truffled shell of salted caramel with crunchy peanuts',
    },
    description: {
      'pt-BR': [
        'Uma casca de chocolate ao leite recheada com uma camada generosa de caramelo salgado.',
        'Amendoins torrados na hora dão crocância a cada mordida.',
        'Doce, salgadinho e impossível de comer um pedaço só.',
      ],
      en: [
        'A milk chocolate shell filled with a generous layer of salted caramel.',
        'Freshly roasted peanuts add crunch to every bite.',
        'Sweet, a little salty and impossible to stop at one piece.',
      ],
    },
    price: 10300,
    weight: '400g',
    ingredients: [
      milkChocolate,
      {
        key: 'caramelo-salgado',
        name: { 'pt-BR': 'Caramelo salgado', en: 'Salted caramel' },
        description: {
          'pt-BR': [
            'Açúcar caramelizado no ponto âmbar, finalizado com manteiga e flor de sal.',
            'Fica cremoso mesmo depois de frio.',
          ],
          en: [
            'Sugar cooked to a deep amber, finished with butter and sea salt flakes.',
            'It stays creamy even once cooled.',
          ],
        },
      },
      {
        key: 'amendoim',
        name: { 'pt-BR': 'Amendoim torrado', en: 'Roasted peanuts' },
        description: {
          'pt-BR': [
            'Amendoim do interior paulista, torrado no nosso ateliê.',
            'Picado grosso para ficar bem crocante.',
          ],
          en: [
            'Peanuts from the São Paulo countryside, roasted in our workshop.',
            'Coarsely chopped so they stay nice and crunchy.',
          ],
        },
      },
      freshCream,
    ],
    alt: {
      product: {
        'pt-BR': 'Ovo Caramelo com Amendoim embrulhado em papel dourado com laço marrom',
        en: 'Peanut Caramel Egg wrapped in gold foil with a brown ribbon',
      },
      detail: {
        'pt-BR': 'Metade do Ovo Caramelo com Amendoim mostrando o recheio de caramelo e amendoim',
        en: 'Half of the Peanut Caramel Egg showing the caramel and peanut filling',
      },
    },
  }),
  product({
    key: 'ovo-pistache',
    type: 'ovos-trufados',
    category: 'pascoa',
    isPromoted: true,
    title: { 'pt-BR': 'Ovo Pistache', en: 'Pistachio Egg' },
    subtitle: {
      'pt-BR': 'Casca trufada com creme de pistache e pistaches torrados',
      en: 'Truffled shell with pistachio cream and roasted pistachios',
    },
    description: {
      'pt-BR': [
        'Nosso ovo mais pedido: casca de chocolate ao leite forrada com um creme verde e aveludado de pistache.',
        'Pistaches torrados e picados trazem textura e sabor intenso.',
        'Um presente elegante para quem ama chocolate de verdade.',
      ],
      en: [
        'Our most loved egg: a milk chocolate shell lined with a velvety green pistachio cream.',
        'Roasted, chopped pistachios add texture and deep flavour.',
        'An elegant gift for true chocolate lovers.',
      ],
    },
    price: 19300,
    weight: '400g',
    ingredients: [
      milkChocolate,
      {
        key: 'creme-de-pistache',
        name: { 'pt-BR': 'Creme de pistache', en: 'Pistachio cream' },
        description: {
          'pt-BR': [
            'Pasta de pistache pura batida com chocolate branco.',
            'Verde natural, sem corantes.',
          ],
          en: [
            'Pure pistachio paste whipped with white chocolate.',
            'Naturally green, with no colourings.',
          ],
        },
      },
      {
        key: 'pistache',
        name: { 'pt-BR': 'Pistache torrado', en: 'Roasted pistachios' },
        description: {
          'pt-BR': [
            'Pistaches selecionados, torrados levemente e picados à mão.',
            'Dão crocância e um perfume amanteigado.',
          ],
          en: [
            'Selected pistachios, lightly roasted and chopped by hand.',
            'They bring crunch and a buttery aroma.',
          ],
        },
      },
      whiteChocolate,
      freshCream,
    ],
    alt: {
      product: {
        'pt-BR': 'Ovo Pistache embrulhado em papel verde metalizado com laço dourado',
        en: 'Pistachio Egg wrapped in green foil with a gold ribbon',
      },
      detail: {
        'pt-BR': 'Metade do Ovo Pistache revelando o creme verde de pistache',
        en: 'Half of the Pistachio Egg revealing the green pistachio cream',
      },
    },
  }),
  product({
    key: 'ovo-cookies-com-nutella',
    type: 'ovos-trufados',
    category: 'pascoa',
    isPromoted: true,
    title: { 'pt-BR': 'Ovo Cookies com Nutella', en: 'Cookies and Nutella Egg' },
    subtitle: {
      'pt-BR': 'Recheio cremoso de Nutella com pedaços de cookies',
      en: 'Creamy Nutella filling with cookie pieces',
    },
    description: {
      'pt-BR': [
        'Casca de chocolate ao leite recheada com Nutella e pedaços de cookies de chocolate.',
        'O contraste entre o creme de avelã e a massa crocante é irresistível.',
      ],
      en: [
        'A milk chocolate shell filled with Nutella and chunks of chocolate cookies.',
        'The contrast between the hazelnut cream and the crunchy crumbs is irresistible.',
      ],
    },
    price: 13800,
    weight: '400g',
    ingredients: [
      milkChocolate,
      {
        key: 'nutella',
        name: { 'pt-BR': 'Nutella', en: 'Nutella' },
        description: {
          'pt-BR': [
            'O clássico creme de avelã com cacau.',
            'Espalhado em camada generosa por dentro da casca.',
          ],
          en: [
            'The classic cocoa hazelnut spread.',
            'Spread in a generous layer inside the shell.',
          ],
        },
      },
      {
        key: 'cookies',
        name: { 'pt-BR': 'Cookies de chocolate', en: 'Chocolate cookies' },
        description: {
          'pt-BR': [
            'Cookies assados no nosso ateliê com gotas de chocolate.',
            'Quebrados em pedaços para manter a crocância.',
          ],
          en: [
            'Cookies baked in our workshop with chocolate chips.',
            'Broken into pieces so they keep their crunch.',
          ],
        },
      },
      freshCream,
    ],
    alt: {
      product: {
        'pt-BR': 'Ovo Cookies com Nutella embrulhado em papel vermelho com laço dourado',
        en: 'Cookies and Nutella Egg wrapped in red foil with a gold ribbon',
      },
      detail: {
        'pt-BR':
          'Metade do Ovo Cookies com Nutella mostrando o creme de avelã e pedaços de cookies',
        en: 'Half of the Cookies and Nutella Egg showing hazelnut cream and cookie pieces',
      },
    },
  }),
  product({
    key: 'ovo-tropical-maravilha',
    type: 'ovos-trufados',
    category: 'pascoa',
    isPromoted: true,
    title: { 'pt-BR': 'Ovo Tropical Maravilha', en: 'Tropical Wonder Egg' },
    subtitle: {
      'pt-BR': 'Ganache de maracujá e coco em casca meio amarga',
      en: 'Passion fruit and coconut ganache in a semisweet shell',
    },
    description: {
      'pt-BR': [
        'Uma homenagem às frutas do Brasil: casca de chocolate meio amargo com ganache de maracujá.',
        'Lascas de coco tostado completam o recheio com um toque de praia.',
        'Refrescante, intenso e surpreendente.',
      ],
      en: [
        'A tribute to Brazilian fruit: a semisweet chocolate shell with passion fruit ganache.',
        'Toasted coconut flakes finish the filling with a taste of the beach.',
        'Refreshing, intense and full of surprises.',
      ],
    },
    price: 15500,
    weight: '400g',
    ingredients: [semisweetChocolate, passionFruit, coconut, whiteChocolate, freshCream],
    alt: {
      product: {
        'pt-BR': 'Ovo Tropical Maravilha embrulhado em papel laranja com laço amarelo',
        en: 'Tropical Wonder Egg wrapped in orange foil with a yellow ribbon',
      },
      detail: {
        'pt-BR': 'Metade do Ovo Tropical Maravilha com ganache amarela de maracujá e coco',
        en: 'Half of the Tropical Wonder Egg with yellow passion fruit ganache and coconut',
      },
    },
  }),
  product({
    key: 'ovo-tropical-minas',
    type: 'ovos-com-lascas',
    category: 'pascoa',
    title: { 'pt-BR': 'Ovo Tropical Minas', en: 'Tropical Minas Egg' },
    subtitle: {
      'pt-BR': 'Chocolate ao leite 35% com lascas de doce de leite',
      en: '35% milk chocolate with dulce de leite chunks',
    },
    description: {
      'pt-BR': [
        'O sabor do interior de Minas Gerais em forma de ovo de Páscoa.',
        'A casca é coberta de lascas de chocolate com doce de leite cozido no tacho.',
      ],
      en: [
        'The taste of the Minas Gerais countryside in an Easter egg.',
        'The shell is covered in chocolate chunks swirled with pan-cooked dulce de leite.',
      ],
    },
    price: 9000,
    weight: '300g',
    ingredients: [milkChocolate, doceDeLeite, wholeMilk, cocoaButter],
    alt: {
      product: {
        'pt-BR': 'Ovo Tropical Minas com lascas de chocolate e laço cor de caramelo',
        en: 'Tropical Minas Egg covered in chocolate chunks with a caramel-coloured ribbon',
      },
      detail: {
        'pt-BR': 'Metade do Ovo Tropical Minas mostrando veios dourados de doce de leite',
        en: 'Half of the Tropical Minas Egg showing golden swirls of dulce de leite',
      },
    },
  }),
  product({
    key: 'ovo-tropical-amazonas',
    isOrganic: true,
    type: 'ovos-com-lascas',
    category: 'pascoa',
    title: { 'pt-BR': 'Ovo Tropical Amazonas', en: 'Tropical Amazonas Egg' },
    subtitle: {
      'pt-BR': 'Cacau amazônico 45% com lascas e castanha-do-pará',
      en: '45% Amazonian cacao with chunks and Brazil nuts',
    },
    description: {
      'pt-BR': [
        'Feito com cacau colhido às margens dos rios da Amazônia.',
        'Lascas de chocolate e castanha-do-pará tostada cobrem toda a casca.',
        'Frutado, cremoso e cheio de floresta.',
      ],
      en: [
        'Made with cacao harvested along the rivers of the Amazon.',
        'Chocolate chunks and toasted Brazil nuts cover the whole shell.',
        'Fruity, creamy and full of the rainforest.',
      ],
    },
    price: 9000,
    weight: '300g',
    ingredients: [amazonCacao, brazilNut, wholeMilk, cocoaButter],
    alt: {
      product: {
        'pt-BR': 'Ovo Tropical Amazonas coberto de lascas com laço verde-floresta',
        en: 'Tropical Amazonas Egg covered in chunks with a forest-green ribbon',
      },
      detail: {
        'pt-BR': 'Metade do Ovo Tropical Amazonas com pedaços de castanha-do-pará',
        en: 'Half of the Tropical Amazonas Egg with pieces of Brazil nut',
      },
    },
  }),
  product({
    key: 'ovo-tropical-parana-amazonas',
    type: 'ovos-com-lascas',
    category: 'pascoa',
    title: { 'pt-BR': 'Ovo Tropical Paraná + Amazonas', en: 'Tropical Paraná + Amazonas Egg' },
    subtitle: {
      'pt-BR': 'Chocolate branco e cacau amazônico lado a lado',
      en: 'White chocolate and Amazonian cacao side by side',
    },
    description: {
      'pt-BR': [
        'Dois dos nossos sabores favoritos no mesmo ovo.',
        'Uma metade de chocolate branco do Paraná e outra de chocolate ao leite com cacau do Amazonas, ambas cobertas de lascas.',
      ],
      en: [
        'Two of our favourite flavours in a single egg.',
        'One half is Paraná white chocolate and the other Amazonas milk chocolate, both covered in chunks.',
      ],
    },
    price: 9000,
    weight: '300g',
    ingredients: [whiteChocolate, amazonCacao, brazilNut, cocoaButter],
    alt: {
      product: {
        'pt-BR': 'Ovo Tropical Paraná + Amazonas, metade branco e metade ao leite, com laço verde',
        en: 'Tropical Paraná + Amazonas Egg, half white and half milk chocolate, with a green ribbon',
      },
      detail: {
        'pt-BR': 'Corte do Ovo Tropical Paraná + Amazonas mostrando as camadas branca e ao leite',
        en: 'Cut of the Tropical Paraná + Amazonas Egg showing the white and milk layers',
      },
    },
  }),
  product({
    key: 'ovo-tropical-parana',
    type: 'ovos-com-lascas',
    category: 'pascoa',
    title: { 'pt-BR': 'Ovo Tropical Paraná', en: 'Tropical Paraná Egg' },
    subtitle: {
      'pt-BR': 'Chocolate branco com lascas e morangos',
      en: 'White chocolate with chunks and strawberries',
    },
    description: {
      'pt-BR': [
        'Chocolate branco sedoso coberto de lascas e pedacinhos de morango desidratado.',
        'Um ovo delicado, inspirado nos morangais do Paraná.',
      ],
      en: [
        'Silky white chocolate covered in chunks and bits of dried strawberry.',
        'A delicate egg inspired by the strawberry fields of Paraná.',
      ],
    },
    price: 9000,
    weight: '300g',
    ingredients: [
      whiteChocolate,
      {
        key: 'morango',
        name: { 'pt-BR': 'Morango desidratado', en: 'Dried strawberry' },
        description: {
          'pt-BR': [
            'Morangos do Paraná desidratados a frio.',
            'Guardam a cor viva e um azedinho gostoso.',
          ],
          en: [
            'Strawberries from Paraná, gently dried at low temperature.',
            'They keep their bright colour and a pleasant tang.',
          ],
        },
      },
      vanilla,
      cocoaButter,
    ],
    alt: {
      product: {
        'pt-BR': 'Ovo Tropical Paraná de chocolate branco com lascas e laço rosa',
        en: 'Tropical Paraná white chocolate Egg with chunks and a pink ribbon',
      },
      detail: {
        'pt-BR': 'Metade do Ovo Tropical Paraná com pedacinhos vermelhos de morango',
        en: 'Half of the Tropical Paraná Egg with little red strawberry pieces',
      },
    },
  }),
  product({
    key: 'ovo-tropical-rio',
    type: 'ovos-com-lascas',
    category: 'pascoa',
    title: { 'pt-BR': 'Ovo Tropical Rio', en: 'Tropical Rio Egg' },
    subtitle: {
      'pt-BR': 'Chocolate ao leite 55% com lascas e coco tostado',
      en: '55% milk chocolate with chunks and toasted coconut',
    },
    description: {
      'pt-BR': [
        'Intenso como um fim de tarde em Ipanema.',
        'Chocolate ao leite 55% coberto de lascas e coco tostado, com um toque de maracujá.',
      ],
      en: [
        'As intense as a late afternoon in Ipanema.',
        '55% milk chocolate covered in chunks and toasted coconut, with a hint of passion fruit.',
      ],
    },
    price: 9000,
    weight: '300g',
    ingredients: [milkChocolate, coconut, passionFruit, cocoaButter],
    alt: {
      product: {
        'pt-BR': 'Ovo Tropical Rio com lascas de chocolate e laço azul-turquesa',
        en: 'Tropical Rio Egg with chocolate chunks and a turquoise ribbon',
      },
      detail: {
        'pt-BR': 'Metade do Ovo Tropical Rio mostrando lascas de coco tostado',
        en: 'Half of the Tropical Rio Egg showing toasted coconut flakes',
      },
    },
  }),
  product({
    key: 'ovo-tropical-sampa',
    type: 'ovos-com-lascas',
    category: 'pascoa',
    title: { 'pt-BR': 'Ovo Tropical Sampa', en: 'Tropical Sampa Egg' },
    subtitle: {
      'pt-BR': 'Chocolate ao leite 40% com café e lascas',
      en: '40% milk chocolate with coffee and chunks',
    },
    description: {
      'pt-BR': [
        'Para quem não vive sem um cafezinho, como todo bom paulistano.',
        'Chocolate ao leite com café especial e lascas crocantes com grãos de café caramelizados.',
      ],
      en: [
        'For those who cannot live without a cafezinho, like every true paulistano.',
        'Milk chocolate with specialty coffee and crunchy chunks with caramelised coffee beans.',
      ],
    },
    price: 9000,
    weight: '300g',
    ingredients: [milkChocolate, coffee, wholeMilk, cocoaButter],
    alt: {
      product: {
        'pt-BR': 'Ovo Tropical Sampa com lascas de chocolate e laço cinza-grafite',
        en: 'Tropical Sampa Egg with chocolate chunks and a graphite-grey ribbon',
      },
      detail: {
        'pt-BR': 'Metade do Ovo Tropical Sampa com grãos de café no recheio',
        en: 'Half of the Tropical Sampa Egg with coffee beans in the filling',
      },
    },
  }),
  product({
    key: 'mini-ovo',
    type: 'mini-ovos',
    category: 'pascoa',
    title: { 'pt-BR': 'Mini Ovo', en: 'Mini Egg' },
    subtitle: {
      'pt-BR': 'Pequeno ovo de chocolate ao leite para presentear',
      en: 'A small milk chocolate egg, made for gifting',
    },
    description: {
      'pt-BR': [
        'Um ovinho de chocolate ao leite do tamanho certo para lembrancinhas.',
        'Perfeito para crianças, colegas de trabalho e caças aos ovos.',
      ],
      en: [
        'A little milk chocolate egg, just the right size for party favours.',
        'Perfect for children, colleagues and egg hunts.',
      ],
    },
    price: 3500,
    weight: '120g',
    ingredients: [milkChocolate, bahiaCacao, wholeMilk],
    alt: {
      product: {
        'pt-BR': 'Mini Ovo embrulhado em papel azul-claro com laço amarelo',
        en: 'Mini Egg wrapped in light blue foil with a yellow ribbon',
      },
      detail: {
        'pt-BR': 'Metade do Mini Ovo mostrando a casca de chocolate ao leite',
        en: 'Half of the Mini Egg showing its milk chocolate shell',
      },
    },
  }),
];

const classicProducts: Product[] = [
  product({
    key: 'barra-tropical-amazonas',
    isOrganic: true,
    type: 'barras',
    category: 'classicos',
    title: { 'pt-BR': 'Barra Tropical Amazonas', en: 'Tropical Amazonas Bar' },
    subtitle: {
      'pt-BR': 'Chocolate ao leite 45% cacau do Amazonas',
      en: '45% Amazonas cacao milk chocolate',
    },
    description: {
      'pt-BR': [
        'Chocolate ao leite feito com cacau nativo da Amazônia.',
        'Notas de frutas amarelas e castanhas, com final cremoso.',
      ],
      en: [
        'Milk chocolate made with cacao native to the Amazon.',
        'Notes of yellow fruit and nuts, with a creamy finish.',
      ],
    },
    price: 4000,
    weight: '100g',
    ingredients: [amazonCacao, wholeMilk, demeraraSugar, cocoaButter],
    alt: {
      product: {
        'pt-BR': 'Barra Tropical Amazonas com embalagem verde e 45% de cacau',
        en: 'Tropical Amazonas Bar in a green wrapper, 45% cacao',
      },
      detail: {
        'pt-BR': 'Barra Tropical Amazonas aberta, mostrando os quadradinhos de chocolate ao leite',
        en: 'Tropical Amazonas Bar unwrapped, showing the milk chocolate squares',
      },
    },
  }),
  product({
    key: 'barra-tropical-rio',
    type: 'barras',
    category: 'classicos',
    title: { 'pt-BR': 'Barra Tropical Rio', en: 'Tropical Rio Bar' },
    subtitle: {
      'pt-BR': 'Chocolate ao leite intenso 55% cacau',
      en: 'Intense 55% cacao milk chocolate',
    },
    description: {
      'pt-BR': [
        'Um chocolate ao leite com mais cacau, para quem gosta de intensidade sem perder a cremosidade.',
        'Ensolarado e marcante, como o Rio.',
      ],
      en: [
        'A milk chocolate with extra cacao, for those who like intensity without losing creaminess.',
        'Sunny and bold, just like Rio.',
      ],
    },
    price: 4000,
    weight: '100g',
    ingredients: [cacaoMass, wholeMilk, demeraraSugar, cocoaButter],
    alt: {
      product: {
        'pt-BR': 'Barra Tropical Rio com embalagem azul-turquesa e 55% de cacau',
        en: 'Tropical Rio Bar in a turquoise wrapper, 55% cacao',
      },
      detail: {
        'pt-BR': 'Barra Tropical Rio aberta, mostrando os quadradinhos de chocolate',
        en: 'Tropical Rio Bar unwrapped, showing the chocolate squares',
      },
    },
  }),
  product({
    key: 'barra-tropical-minas',
    type: 'barras',
    category: 'classicos',
    title: { 'pt-BR': 'Barra Tropical Minas', en: 'Tropical Minas Bar' },
    subtitle: {
      'pt-BR': 'Chocolate ao leite 35% com doce de leite',
      en: '35% milk chocolate with dulce de leite',
    },
    description: {
      'pt-BR': [
        'Chocolate ao leite suave com doce de leite mineiro derretido na massa.',
        'Lembra sobremesa de vó, daquelas que a gente repete.',
      ],
      en: [
        'Smooth milk chocolate with Minas dulce de leite melted into it.',
        "It tastes like grandma's dessert, the kind you always go back for.",
      ],
    },
    price: 4000,
    weight: '100g',
    ingredients: [milkChocolate, doceDeLeite, wholeMilk, cocoaButter],
    alt: {
      product: {
        'pt-BR': 'Barra Tropical Minas com embalagem cor de caramelo e 35% de cacau',
        en: 'Tropical Minas Bar in a caramel-coloured wrapper, 35% cacao',
      },
      detail: {
        'pt-BR': 'Barra Tropical Minas aberta, com veios de doce de leite',
        en: 'Tropical Minas Bar unwrapped, with swirls of dulce de leite',
      },
    },
  }),
  product({
    key: 'barra-tropical-sampa',
    type: 'barras',
    category: 'classicos',
    title: { 'pt-BR': 'Barra Tropical Sampa', en: 'Tropical Sampa Bar' },
    subtitle: {
      'pt-BR': 'Chocolate ao leite 40% com café',
      en: '40% milk chocolate with coffee',
    },
    description: {
      'pt-BR': [
        'Chocolate ao leite com café especial moído bem fino.',
        'O par perfeito para o cafezinho da tarde.',
      ],
      en: [
        'Milk chocolate with finely ground specialty coffee.',
        'The perfect partner for an afternoon coffee.',
      ],
    },
    price: 4000,
    weight: '100g',
    ingredients: [cacaoMass, coffee, wholeMilk, demeraraSugar],
    alt: {
      product: {
        'pt-BR': 'Barra Tropical Sampa com embalagem cinza-grafite e 40% de cacau',
        en: 'Tropical Sampa Bar in a graphite-grey wrapper, 40% cacao',
      },
      detail: {
        'pt-BR': 'Barra Tropical Sampa aberta, com pontinhos de café',
        en: 'Tropical Sampa Bar unwrapped, flecked with coffee',
      },
    },
  }),
  product({
    key: 'barra-tropical-bahia',
    isOrganic: true,
    type: 'barras',
    category: 'classicos',
    title: { 'pt-BR': 'Barra Tropical Bahia', en: 'Tropical Bahia Bar' },
    subtitle: {
      'pt-BR': 'Chocolate amargo 70% cacau do sul da Bahia',
      en: '70% dark chocolate from southern Bahia cacao',
    },
    description: {
      'pt-BR': [
        'Chocolate amargo feito com cacau cabruca do sul da Bahia, a terra do cacau brasileiro.',
        'Intenso, com notas de frutas vermelhas e um final longo.',
      ],
      en: [
        'Dark chocolate made with cabruca cacao from southern Bahia, the home of Brazilian cacao.',
        'Intense, with red fruit notes and a long finish.',
      ],
    },
    price: 4000,
    weight: '100g',
    ingredients: [bahiaCacao, demeraraSugar, cocoaButter],
    alt: {
      product: {
        'pt-BR': 'Barra Tropical Bahia com embalagem vermelha e 70% de cacau',
        en: 'Tropical Bahia Bar in a red wrapper, 70% cacao',
      },
      detail: {
        'pt-BR': 'Barra Tropical Bahia aberta, mostrando o chocolate amargo escuro',
        en: 'Tropical Bahia Bar unwrapped, showing the deep dark chocolate',
      },
    },
  }),
  product({
    key: 'barra-tropical-parana',
    type: 'barras',
    category: 'classicos',
    title: { 'pt-BR': 'Barra Tropical Paraná', en: 'Tropical Paraná Bar' },
    subtitle: {
      'pt-BR': 'Chocolate branco 35% manteiga de cacau',
      en: '35% cocoa butter white chocolate',
    },
    description: {
      'pt-BR': [
        'Chocolate branco cremoso, feito com manteiga de cacau pura e baunilha.',
        'Doce na medida e derrete devagar.',
      ],
      en: [
        'Creamy white chocolate made with pure cocoa butter and vanilla.',
        'Just sweet enough, and it melts slowly.',
      ],
    },
    price: 4000,
    weight: '100g',
    ingredients: [cocoaButter, wholeMilk, demeraraSugar, vanilla],
    alt: {
      product: {
        'pt-BR': 'Barra Tropical Paraná com embalagem rosa e 35% de cacau',
        en: 'Tropical Paraná Bar in a pink wrapper, 35% cacao',
      },
      detail: {
        'pt-BR': 'Barra Tropical Paraná aberta, mostrando o chocolate branco',
        en: 'Tropical Paraná Bar unwrapped, showing the white chocolate',
      },
    },
  }),
];

export const products: Product[] = [...easterProducts, ...classicProducts];
